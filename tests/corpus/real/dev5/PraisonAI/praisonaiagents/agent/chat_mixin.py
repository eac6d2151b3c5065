"""Reconstruction of MervinPraison/PraisonAI@52e3e37b1c0ede378426e764fff38834f8e209c2:src/praisonai-agents/praisonaiagents/agent/chat_mixin.py (lines 210-237, 309-600, 655-690, 736-930, 2694-2805, 3345-3385), trimmed; not the original text."""

import json
import os
from typing import Any


class ChatMixin:
    use_system_prompt = True
    backstory = ""
    role = ""
    goal = ""
    chat_history: list[dict[str, Any]] = []
    tools: list[Any] = []
    rules_manager: Any = None
    _memory_instance: Any = None
    _memory_config: Any = None
    _history_enabled = False
    _session_store: Any = None
    _history_session_id = ""
    _history_limit = 10
    _openai_client: Any = None

    skill_manager: Any = None
    harness_base_prompt: str | None = None
    llm: Any = None

    def _resolve_harness_base_prompt(self) -> str:
        if self.harness_base_prompt is not None:
            return self.harness_base_prompt
        from praisonaiagents.model_harness import resolve_harness

        profile = resolve_harness(self.llm if isinstance(self.llm, str) else None)
        return profile.base_prompt or ""

    def _check_steering_messages(self) -> str | None: ...

    def get_memory_context(self, query: str | None = None) -> str:
        return self._memory_instance.get_context(query=query) if self._memory_instance else ""

    def _prefetch_memory(self, prompt: str) -> str:
        config = self._memory_config
        memory = self._memory_instance
        if not config or not getattr(config, "prefetch", False) or memory is None:
            return ""
        results = memory.search_long_term(prompt, limit=config.prefetch_limit)  # expect: PL104
        return "\n".join(f"- {r['text']}" for r in results)

    def _build_system_prompt(self, tools: list[Any] | None = None, memory_prefetch_context: str = "") -> str | None:
        if not self.use_system_prompt:
            return None
        system_prompt = f"{self.backstory}\n\nYour Role: {self.role}\n\nYour Goal: {self.goal}"
        harness_prompt = self._resolve_harness_base_prompt()
        if harness_prompt:
            system_prompt = f"{harness_prompt}\n\n{system_prompt}"
        if self.rules_manager:
            rules_context = self.rules_manager.build_rules_context()
            if rules_context:
                system_prompt += f"\n\n## Rules (Guidelines you must follow)\n{rules_context}"
        if self.skill_manager is not None:
            skills_prompt = self.skill_manager.to_prompt()
            if skills_prompt:
                system_prompt += f"\n\n## Available Skills\n{skills_prompt}"
        if self._memory_instance:
            memory_context = self.get_memory_context()  # expect: PL104
            if memory_context:
                system_prompt += f"\n\n## Memory (Information you remember about the user)\n{memory_context}"
        if memory_prefetch_context:
            system_prompt += f"\n\n## Recalled memories\n{memory_prefetch_context}"
        tool_names = [t.__name__ for t in (tools if tools is not None else self.tools) if callable(t)]
        if tool_names:
            system_prompt += f"\n\nYou have access to the following tools: {', '.join(tool_names)}."
        return self._append_system_prompt_suffix(self._append_glob_rules_context(system_prompt))

    def _append_system_prompt_suffix(self, system_prompt: str) -> str:
        extra = os.environ.get("PRAISONAI_APPEND_SYSTEM_PROMPT")
        if extra and extra.strip():
            return f"{system_prompt}\n\n{extra.strip()}"
        return system_prompt

    def _append_glob_rules_context(self, system_prompt: str) -> str:
        if not self.rules_manager:
            return system_prompt
        file_paths = self._collect_touched_file_paths()
        if not file_paths:
            return system_prompt
        already = {r.name for r in self.rules_manager.get_active_rules()}
        matched = self.rules_manager.get_glob_rules_for_paths(list(file_paths), exclude_names=already)  # expect: PL104
        if not matched:
            return system_prompt
        sections = [f"## {rule.name}\n{rule.content.strip()}" for rule in matched]
        return system_prompt + "\n\n## Path-Scoped Rules (apply to the files being worked on)\n" + "\n\n".join(sections)

    def _collect_touched_file_paths(self) -> set[str]:
        import re

        paths: set[str] = set()
        for msg in self.chat_history:
            content = msg.get("content")
            if isinstance(content, str):
                paths.update(re.findall(r"[\w./\\-]+\.[A-Za-z0-9]{1,8}", content))
        return paths

    def _build_response_format(self, schema_model: Any) -> dict[str, Any] | None:
        if hasattr(schema_model, "model_json_schema"):
            schema = schema_model.model_json_schema()
            return {"type": "json_schema", "json_schema": {"name": schema_model.__name__, "schema": schema, "strict": True}}
        return None

    def _build_messages(self, prompt: str, output_pydantic: Any = None, use_native_format: bool = False, memory_prefetch_context: str = "") -> tuple[list[dict[str, Any]], str]:
        messages: list[dict[str, Any]] = []
        system_prompt = self._build_system_prompt(memory_prefetch_context=memory_prefetch_context)
        if system_prompt:
            messages.append({"role": "system", "content": system_prompt})
        if self._history_enabled and self._session_store is not None:
            session_history = self._session_store.get_working_history(
                self._history_session_id,
                max_messages=self._history_limit,  # expect: PL301
            )
            if session_history:
                messages.extend(session_history)
        if self.chat_history:
            messages.extend(self.chat_history)
        messages.append({"role": "user", "content": str(prompt)})
        original_prompt = str(prompt)
        if not use_native_format and output_pydantic is not None:
            json_instruction = f"\nPlease respond with valid JSON matching this schema: {json.dumps(output_pydantic.model_json_schema())}"
            messages[-1]["content"] += json_instruction  # expect: PL301
        return messages, original_prompt

    context_manager: Any = None

    def _apply_context_management(self, messages: list[dict[str, Any]], system_prompt: str = "", tools: list[Any] | None = None) -> tuple[list[dict[str, Any]], Any]:
        if not self.context_manager:
            return messages, None
        # the messages are rebuilt from chat_history each turn; the result is used for this call only
        result = self.context_manager.process(messages=messages, system_prompt=system_prompt, tools=tools or [], trigger="turn")  # expect: PL301
        return result.get("messages", messages), result

    def chat(self, prompt: str, output_pydantic: Any = None) -> Any:
        steering_msg = self._check_steering_messages()
        if steering_msg:
            # this turn's user message, kept as sent
            prompt = f"{prompt}\n\n{steering_msg}"
        return self._chat_completion(prompt, output_pydantic)

    def _chat_completion(self, prompt: str, output_pydantic: Any = None) -> Any:
        memory_prefetch_context = self._prefetch_memory(prompt)
        messages, original_prompt = self._build_messages(prompt, output_pydantic, memory_prefetch_context=memory_prefetch_context)
        # history keeps the prompt without the JSON instruction
        self.chat_history.append({"role": "user", "content": original_prompt})
        system_prompt_content = messages[0].get("content", "") if messages and messages[0].get("role") == "system" else ""
        messages, _ = self._apply_context_management(messages=messages, system_prompt=system_prompt_content)
        return self._openai_client.chat_completion(messages)

    def _format_tools_for_completion(self, tools: list[Any] | None = None) -> list[dict[str, Any]]:
        formatted_tools: list[dict[str, Any]] = []
        for tool in tools if tools is not None else self.tools:
            if isinstance(tool, dict) and tool.get("type") == "function":
                formatted_tools.append(tool)
            elif hasattr(tool, "to_openai_tool"):
                openai_tools = tool.to_openai_tool()
                if isinstance(openai_tools, list):
                    formatted_tools.extend(openai_tools)
                elif openai_tools is not None:
                    formatted_tools.append(openai_tools)
        return formatted_tools
