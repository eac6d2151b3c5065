"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:agent/protocol/agent.py (lines 101-127, 396-452), trimmed; not the original text."""

from agent.protocol.agent_stream import AgentStreamExecutor


class Agent:
    def get_full_system_prompt(self, skill_filter=None) -> str:
        from agent.prompt import PromptBuilder, load_context_files

        if self.skill_manager:
            self.skill_manager.refresh_skills()
        context_files = load_context_files(self.workspace_dir) if self.workspace_dir else None
        builder = PromptBuilder(workspace_dir=self.workspace_dir or "", language="zh")
        return builder.build(
            tools=self.tools,
            context_files=context_files,
            skill_manager=self.skill_manager,
            memory_manager=self.memory_manager,
            runtime_info=self.runtime_info,
        )

    def run_stream(self, user_message: str, on_event=None, clear_history: bool = False, skill_filter=None) -> str:
        if clear_history:
            with self.messages_lock:
                self.messages = []
        full_system_prompt = self.get_full_system_prompt(skill_filter=skill_filter)
        with self.messages_lock:
            messages_copy = self.messages.copy()
            original_length = len(self.messages)
        executor = AgentStreamExecutor(
            agent=self,
            model=self.model,
            system_prompt=full_system_prompt,
            tools=self.tools,
            max_turns=self.max_steps,
            on_event=on_event,
            messages=messages_copy,
            max_context_turns=20,
        )
        response = executor.run_stream(user_message)
        with self.messages_lock:
            self.messages = list(executor.messages)
            trim_adjusted_start = min(original_length, len(executor.messages))
            self._last_run_new_messages = list(executor.messages[trim_adjusted_start:])
        self.stream_executor = executor
        return response
