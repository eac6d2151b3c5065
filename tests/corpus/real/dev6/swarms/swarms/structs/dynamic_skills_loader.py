"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/dynamic_skills_loader.py (lines 20-207), trimmed; not the original text."""

import os

import yaml


class DynamicSkillsLoader:
    def __init__(self, skills_dir: str, similarity_threshold: float = 0.3):
        self.skills_dir = skills_dir
        self.similarity_threshold = similarity_threshold
        self.skills_metadata = self._load_all_skills_metadata()

    def _load_all_skills_metadata(self) -> list:
        skills = []
        if not os.path.exists(self.skills_dir):
            return skills
        for skill_folder in os.listdir(self.skills_dir):  # expect: PL201
            skill_file = os.path.join(self.skills_dir, skill_folder, "SKILL.md")
            if not os.path.exists(skill_file):
                continue
            with open(skill_file, encoding="utf-8") as f:
                content = f.read()
            if content.startswith("---"):
                parts = content.split("---", 2)
                frontmatter = yaml.safe_load(parts[1])
                skills.append({"name": frontmatter.get("name", ""), "description": frontmatter.get("description", ""), "path": skill_file, "content": parts[2]})
        return skills

    def _calculate_task_similarity(self, task: str, description: str) -> float:
        a, b = set(task.lower().split()), set(description.lower().split())
        return len(a & b) / len(a | b) if a | b else 0.0

    def load_relevant_skills(self, task: str) -> list:
        relevant_skills = []
        for skill in self.skills_metadata:
            score = self._calculate_task_similarity(task, skill["description"])
            if score >= self.similarity_threshold:
                relevant_skills.append({**skill, "similarity_score": score})
        relevant_skills.sort(key=lambda x: x["similarity_score"], reverse=True)
        return relevant_skills
