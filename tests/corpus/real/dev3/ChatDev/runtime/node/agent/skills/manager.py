"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:runtime/node/agent/skills/manager.py (lines 132-171, 270-282), trimmed; not the original text."""

from html import escape
from pathlib import Path
from typing import Dict, Iterable, List


class AgentSkillManager:
    def __init__(self, root: Path):
        self.root = root
        self._skills_by_name: Dict[str, object] | None = None

    def discover(self) -> List:
        if self._skills_by_name is None:
            found: Dict[str, object] = {}
            for meta in self._iter_root_skills(self.root):
                found.setdefault(meta.name, meta)
            self._skills_by_name = found
        return list(self._skills_by_name.values())

    def build_available_skills_xml(self) -> str:
        skills = self.discover()
        if not skills:
            return ""
        lines = ["<available_skills>"]
        for skill in skills:
            lines += ["  <skill>", f"    <name>{escape(skill.name)}</name>",
                      f"    <description>{escape(skill.description)}</description>", "  </skill>"]
        lines.append("</available_skills>")
        return "\n".join(lines)

    def _iter_root_skills(self, root: Path) -> Iterable:
        for candidate in sorted(root.iterdir()):
            skill_file = candidate / "SKILL.md"
            if candidate.is_dir() and skill_file.is_file():
                yield parse_skill_file(skill_file)


def parse_skill_file(path: Path):
    ...
