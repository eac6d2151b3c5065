"""Reconstruction of MervinPraison/PraisonAI@52e3e37b1c0ede378426e764fff38834f8e209c2:src/praisonai-agents/praisonaiagents/skills/discovery.py (lines 77-162), skills/manager.py (lines 116-125, 439-470, 570-592) and skills/prompt.py (lines 41-73), trimmed; not the original text."""

from pathlib import Path
from typing import Any


def discover_skills(skill_dirs: list[Path]) -> list[Any]:
    skills: list[Any] = []

    def _add_skill(item: Path) -> None:
        skill_md = item / "SKILL.md"
        if skill_md.is_file() and not any(p.name == item.name for p in skills):
            skills.append(item)

    for parent_dir in skill_dirs:
        for item in parent_dir.iterdir():  # expect: PL201
            if item.is_dir():
                _add_skill(item)
    return skills


class SkillManager:
    def __init__(self, skill_dirs: list[Path]) -> None:
        self._skills: dict[str, Any] = {}
        for props in discover_skills(skill_dirs):
            self._skills[props.name] = props

    def to_prompt(self) -> str:
        entries = "\n".join(f"  <skill><name>{s.name}</name></skill>" for s in self._skills.values())
        return f"<available_skills>\n{entries}\n</available_skills>"
