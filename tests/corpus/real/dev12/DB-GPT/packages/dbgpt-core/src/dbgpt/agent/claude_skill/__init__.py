"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/agent/claude_skill/__init__.py (lines 353-471), trimmed; not the original text."""

from pathlib import Path
from typing import Dict, List, Optional


class SkillRegistry:
    def __init__(self):
        self._skills: Dict[str, "FileBasedSkill"] = {}

    def register_skill(self, skill):
        self._skills[skill.metadata.name] = skill

    def get_skill(self, name: str):
        return self._skills.get(name)

    def list_skills(self) -> List:
        return [skill.metadata for skill in self._skills.values()]

    def load_from_directory(self, directory: str, recursive: bool = True):
        dir_path = Path(directory)
        if not dir_path.exists() or not dir_path.is_dir():
            raise ValueError(f"Directory not found: {directory}")
        pattern = "**/SKILL.md" if recursive else "*/SKILL.md"
        for skill_file in dir_path.glob(pattern):  # expect: PL201
            skill = FileBasedSkill(str(skill_file))
            self.register_skill(skill)


_global_registry: Optional[SkillRegistry] = None


def get_registry() -> SkillRegistry:
    global _global_registry
    if _global_registry is None:
        _global_registry = SkillRegistry()
    return _global_registry


def load_skills_from_dir(directory: str, recursive: bool = True):
    registry = get_registry()
    registry.load_from_directory(directory, recursive)
