"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/agents/agent_builder/base_agent.py (lines 553-568) and agent/core.py (lines 1221-1230, 1444-1449), trimmed; not the original text."""

from typing import Any

from pydantic import BaseModel, field_validator


class BaseAgent(BaseModel):
    apps: list[str] | None = None
    tools: list[Any] | None = None

    @field_validator("apps")
    @classmethod
    def validate_apps(cls, apps: list[str] | None) -> list[str] | None:
        if not apps:
            return apps
        validated_apps = []
        for app in apps:
            if app.count("/") > 1:
                raise ValueError(f"Invalid app format '{app}'")
            validated_apps.append(app)
        return list(set(validated_apps))  # expect: PL201

    def get_platform_tools(self, apps: list[str]) -> list[Any]:
        from crewai_tools import CrewaiPlatformTools

        # the apps go to the platform API joined in this order; its actions come back as tools
        return CrewaiPlatformTools(apps=apps)

    def _prepare_tools(self) -> None:
        if self.apps:
            platform_tools = self.get_platform_tools(self.apps)
            if platform_tools:
                self.tools = [*(self.tools or []), *platform_tools]
