"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/agents/skills_manager.py (lines 39-191), trimmed; not the original text."""

import os

SKILL_FILENAME = "SKILL.md"


class SkillsManager:
    def __init__(self, skills_dir=None):
        self.skills_dir = skills_dir
        self.metadata = []

    def load_metadata(self, skills_dir=None) -> list:
        skills_dir = skills_dir or self.skills_dir
        skills = []
        if not skills_dir or not os.path.exists(skills_dir):
            return skills
        for skill_folder in sorted(os.listdir(skills_dir)):
            skill_path = os.path.join(skills_dir, skill_folder)
            if not os.path.isdir(skill_path):
                continue
            skill_file = os.path.join(skill_path, SKILL_FILENAME)
            if not os.path.exists(skill_file):
                continue
            with open(skill_file, encoding="utf-8") as f:
                skills.append({"name": skill_folder, "content": f.read(), "path": skill_file})
        return skills

    def build_prompt(self, skills: list) -> str:
        return "\n\n# Skills\n" + "\n".join(f"## {s['name']}\n{s['content']}" for s in skills)
