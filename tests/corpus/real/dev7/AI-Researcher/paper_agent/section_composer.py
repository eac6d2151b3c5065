"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:paper_agent/section_composer.py (lines 25-108), trimmed; not the original text."""

import os
import random

from utils.openai_utils import GPTClient


class SectionComposer:
    def __init__(self, research_field: str, section_name: str, gpt_model: str = "gpt-4o-mini-2024-07-18"):
        self.gpt_client = GPTClient(model=gpt_model)
        self.research_field = research_field
        self.section_name = section_name

    def get_random_template(self) -> str:
        template_dir = f"{self.research_field}/writing_templates/{self.section_name}"
        template_files = [f for f in os.listdir(template_dir) if f.endswith("_template.txt")]
        if not template_files:
            return ""
        selected_template = random.choice(template_files)
        with open(os.path.join(template_dir, selected_template), encoding="utf-8") as f:
            return f.read()
