"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/utilities/prompts.py (lines 93-257), trimmed; not the original text."""

from datetime import datetime
from typing import Any

from crewai.utilities.i18n import I18N_DEFAULT

FORMAT_CODES = ("%Y", "%m", "%d", "%H", "%M", "%S")


class Prompts:
    """Builds the system and user prompt of one agent's task execution."""

    def __init__(self, agent: Any, has_tools: bool = False, use_system_prompt: bool = True) -> None:
        self.agent = agent
        self.has_tools = has_tools
        self.use_system_prompt = use_system_prompt

    def task_execution(self) -> dict[str, str]:
        parts = ["role_playing", "tools" if self.has_tools else "no_tools"]
        system = self._build_prompt(parts) + self._build_skill_block() + self._build_date_block()
        task_part = "task" if self.has_tools else "task_no_tools"
        if self.use_system_prompt:
            return {"system": system, "user": self._build_prompt([task_part])}
        return {"prompt": self._build_prompt(parts + [task_part]) + self._build_date_block()}

    def _build_date_block(self) -> str:
        if not getattr(self.agent, "inject_date", False):
            return ""
        fmt = getattr(self.agent, "date_format", "%Y-%m-%d")
        if not any(code in fmt for code in FORMAT_CODES):
            return ""
        today = datetime.now().strftime(fmt)  # expect: PL101
        return f"\n\nCurrent Date: {today}"

    def _build_skill_block(self) -> str:
        skills = getattr(self.agent, "skills", None)
        if not skills:
            return ""
        from crewai.skills.loader import build_skill_catalog, format_skill_context

        catalog = build_skill_catalog(skills)
        entries = "\n\n".join(format_skill_context(s, label=name) for name, s in catalog.items())
        return "\n\n<available_skills>\n" + entries + "\n</available_skills>"

    def _build_prompt(self, components: list[str]) -> str:
        prompt = "".join(I18N_DEFAULT.slice(c) for c in components)
        return (
            prompt.replace("{goal}", self.agent.goal)
            .replace("{role}", self.agent.role)
            .replace("{backstory}", self.agent.backstory)
        )
