"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/role/role.py (lines 146-262), trimmed; not the original text."""

from typing import Optional, Set

from taskweaver.misc.example import load_examples


class Role:
    def __init__(self, config, experience_generator=None):
        self.config = config
        self.experience_generator = experience_generator
        self.experiences: list = []
        self.examples: list = []

    def format_experience(self, template: str) -> str:
        if not self.config.use_experience or not self.experiences:
            return ""
        return template.format(experiences="===================\n" + "\n===================\n".join(e.experience_text for e in self.experiences))

    def role_load_experience(self, query: str, memory=None) -> None:
        if not self.config.use_experience:
            self.experiences = []
            return
        self.experience_generator.set_experience_dir(self.config.experience_dir)
        self.experience_generator.load_experience()
        # retrieved for each user query, and placed in the system prompt by format_experience
        experiences = self.experience_generator.retrieve_experience(query)  # expect: PL104
        self.experiences = [exp for exp, _ in experiences]

    def role_load_example(self, role_set: Set[str], memory=None) -> None:
        if not self.config.use_example:
            self.examples = []
            return
        self.examples = load_examples(folder=self.config.example_base_path, role_set=role_set)
