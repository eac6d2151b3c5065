"""Reconstruction of microsoft/RD-Agent@471eb30d1ec03f35631c532c58a52ce75d684037:rdagent/scenarios/data_science/scen/utils.py (lines 424-470), trimmed; not the original text."""

from pathlib import Path


class FileTreeGenerator:
    def __init__(self, max_lines: int = 200) -> None:
        self.lines: list[str] = []
        self.max_lines = max_lines

    def _add_line(self, text: str) -> None:
        if len(self.lines) < self.max_lines:
            self.lines.append(text)

    def _process_directory(self, path: Path, depth: int, prefix: str, base_path: Path) -> None:
        system_names = {"__MACOSX", ".DS_Store"}
        items = [p for p in path.iterdir() if not p.name.startswith(".") and p.name not in system_names]
        dirs = sorted([p for p in items if p.is_dir()])
        files = sorted([p for p in items if p.is_file()])
        for d in dirs:
            self._add_line(f"{prefix}{d.name}/")
            self._process_directory(d, depth + 1, prefix + "  ", base_path)
        for f in files:
            self._add_line(f"{prefix}{f.name}")
