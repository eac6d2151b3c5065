"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/utils/prompt.py (lines 12-120), trimmed; not the original text."""

from dataclasses import dataclass, field

from jinja2 import Environment, FileSystemLoader


@dataclass
class RuntimeInfo:
    date: str
    available_hosts: dict[str, int] = field(default_factory=dict)
    working_dir: str = ""


class PromptManager:
    def __init__(self, prompt_dir: str, system_prompt_filename: str = "system_prompt.j2"):
        self.env = Environment(loader=FileSystemLoader(prompt_dir))
        self.system_template = self.env.get_template(system_prompt_filename)
        self.additional_info_template = self.env.get_template("additional_info.j2")

    def get_system_message(self, **context) -> str:
        return self.system_template.render(**context).strip()

    def build_workspace_context(self, repository_info, runtime_info, repo_instructions: str = "") -> str:
        return self.additional_info_template.render(
            repository_info=repository_info,
            repository_instructions=repo_instructions,
            runtime_info=runtime_info,
        ).strip()
