"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:bridge/agent_initializer.py (lines 47-107, 446-484), trimmed; not the original text."""

import datetime
import time

from agent.prompt import PromptBuilder, load_context_files
from config import conf


class AgentInitializer:
    def initialize_agent(self, session_id=None):
        workspace_root = conf().get("agent_workspace", "~/cow")
        memory_manager, memory_tools = self._setup_memory_system(workspace_root, session_id)
        tools = self._load_tools(workspace_root, memory_manager, memory_tools, session_id)
        context_files = load_context_files(workspace_root)
        skill_manager = self._initialize_skill_manager(workspace_root, session_id)
        prompt_builder = PromptBuilder(workspace_dir=workspace_root, language="zh")
        runtime_info = self._get_runtime_info(workspace_root)
        system_prompt = prompt_builder.build(
            tools=tools,
            context_files=context_files,
            skill_manager=skill_manager,
            memory_manager=memory_manager,
            runtime_info=runtime_info,
        )
        return self.agent_bridge.create_agent(
            system_prompt=system_prompt,
            tools=tools,
            workspace_dir=workspace_root,
            skill_manager=skill_manager,
            runtime_info=runtime_info,  # the Agent rebuilds the system prompt with it on every run
        )

    def _get_runtime_info(self, workspace_root: str):
        def get_current_time():
            """Get current time dynamically - called each time system prompt is accessed"""
            now = datetime.datetime.now()  # expect: PL101
            offset = -time.timezone if not time.daylight else -time.altzone
            hours = offset // 3600
            timezone_name = f"UTC{hours:+03d}"
            weekday_map = {"Monday": "星期一", "Tuesday": "星期二"}
            weekday_zh = weekday_map.get(now.strftime("%A"), now.strftime("%A"))
            return {
                "time": now.strftime("%Y-%m-%d %H:%M:%S"),
                "weekday": weekday_zh,
                "timezone": timezone_name,
            }

        def get_model():
            return conf().get("model", "unknown")

        return {
            "_get_model": get_model,
            "workspace": workspace_root,
            "channel": conf().get("channel_type", "unknown"),
            "_get_current_time": get_current_time,
        }
