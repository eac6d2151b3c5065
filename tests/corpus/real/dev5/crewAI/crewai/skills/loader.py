"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/skills/loader.py (lines 44-90, 245-325), trimmed; not the original text."""

from collections import Counter
from pathlib import Path
from typing import Any


def discover_skills(search_path: Path) -> list[Any]:
    found = []
    for child in sorted(search_path.iterdir()):
        skill_md = child / "SKILL.md"
        if child.is_dir() and skill_md.is_file():
            found.append(skill_md.read_text())
    return found


def build_skill_catalog(skills: list[Any]) -> dict[str, Any]:
    pending = [s for s in skills if s.disclosure_level < 2]
    ambiguous = {n for n, count in Counter(s.name for s in pending).items() if count > 1}
    catalog: dict[str, Any] = {}
    for skill in pending:
        label = f"{skill.path.parent.name}/{skill.name}" if skill.name in ambiguous else skill.name
        catalog[label] = skill
    return catalog


def format_skill_context(skill: Any, label: str | None = None) -> str:
    name = label or skill.name
    return f'<skill name="{name}">\n{skill.description}\n</skill>'
