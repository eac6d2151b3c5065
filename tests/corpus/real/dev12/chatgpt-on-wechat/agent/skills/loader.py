"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:agent/skills/loader.py (lines 47-110, 220-265), trimmed; not the original text."""

import os
from typing import Dict, Optional


class SkillLoader:
    def _load_skills_recursive(self, dir_path: str, source: str, include_root_files: bool = False):
        skills = []
        diagnostics = []
        try:
            entries = os.listdir(dir_path)  # expect: PL201
        except Exception as e:
            diagnostics.append(f"Failed to list directory {dir_path}: {e}")
            return LoadSkillsResult(skills=skills, diagnostics=diagnostics)
        if not include_root_files and "SKILL.md" in entries:
            skill_result = self._load_skill_from_file(os.path.join(dir_path, "SKILL.md"), source)
            skills.extend(skill_result.skills)
            return LoadSkillsResult(skills=skills, diagnostics=diagnostics)
        for entry in entries:
            if entry.startswith("."):
                continue
            full_path = os.path.join(dir_path, entry)
            if os.path.isdir(full_path):
                sub_result = self._load_skills_recursive(full_path, source, include_root_files=False)
                skills.extend(sub_result.skills)
                continue
            if include_root_files and entry.endswith(".md"):
                skills.extend(self._load_skill_from_file(full_path, source).skills)
        return LoadSkillsResult(skills=skills, diagnostics=diagnostics)

    def load_all_skills(self, builtin_dir: Optional[str] = None, custom_dir: Optional[str] = None) -> Dict[str, "SkillEntry"]:
        skill_map = {}
        if builtin_dir and os.path.exists(builtin_dir):
            result = self.load_skills_from_dir(builtin_dir, source="builtin")
            for skill in result.skills:
                skill_map[skill.name] = self._create_skill_entry(skill)
        if custom_dir and os.path.exists(custom_dir):
            result = self.load_skills_from_dir(custom_dir, source="custom")
            for skill in result.skills:
                skill_map[skill.name] = self._create_skill_entry(skill)
        # SkillManager.build_skills_prompt lists list(self.skills.values()) in this order
        return skill_map
