"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/agents/chat_agent.py (lines 944-951, 1138-1196, 1539-1620, 3100-3176), trimmed; not the original text."""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from camel.memories.agent_memories import ChatHistoryMemory


@dataclass
class _ToolOutputHistoryEntry:
    tool_name: str
    tool_call_id: str
    result_text: str
    record_uuids: List[str] = field(default_factory=list)
    cached: bool = False


class ChatAgent:
    def __init__(self, system_message: str, model_backend, memory: ChatHistoryMemory, tools: Optional[list] = None, prune_tool_calls_from_memory: bool = False, enable_snapshot_clean: bool = False) -> None:
        self.system_message = system_message
        self.model_backend = model_backend
        self.memory = memory
        self._internal_tools = {t.get_function_name(): t for t in tools or []}
        self._external_tool_schemas: Dict[str, Dict[str, Any]] = {}
        self.prune_tool_calls_from_memory = prune_tool_calls_from_memory
        self._enable_snapshot_clean = enable_snapshot_clean
        self._tool_output_history: List[_ToolOutputHistoryEntry] = []

    def _get_full_tool_schemas(self) -> List[Dict[str, Any]]:
        return list(self._external_tool_schemas.values()) + [
            func_tool.get_openai_tool_schema() for func_tool in self._internal_tools.values()
        ]

    def _clean_snapshot_content(self, content: str) -> str:
        return "\n".join(line.split(" [ref=")[0] for line in content.splitlines())

    def _process_tool_output_cache(self) -> None:
        if not self._enable_snapshot_clean or not self._tool_output_history:
            return
        # older results are cleaned once a newer one arrives; the latest stays expanded
        for entry in self._tool_output_history[:-1]:
            if entry.cached:
                continue
            self._clean_snapshot_in_memory(entry)

    def _clean_snapshot_in_memory(self, entry: _ToolOutputHistoryEntry) -> None:
        result_text = entry.result_text
        if "- " in result_text and "[ref=" in result_text:
            cleaned_result = self._clean_snapshot_content(result_text)  # expect: PL301
            storage = self.memory._chat_history_block.storage
            records = storage.load()
            for record in records:
                if record.get("uuid") in entry.record_uuids:
                    record["message"]["content"] = cleaned_result
            storage.clear()
            storage.save(records)
            entry.cached = True

    def _update_memory_with_summary(self, summary: str) -> None:
        """Compaction: replace the history by one summary message, then keep appending."""
        messages, _ = self.memory.get_context()
        last_user_message = next((m["content"] for m in reversed(messages) if m["role"] == "user"), None)
        self.memory._chat_history_block.storage.clear()
        self.update_memory({"role": "system", "content": self.system_message})
        self.update_memory({"role": "assistant", "content": summary})
        if last_user_message:
            self.update_memory({"role": "user", "content": f"Based on the previous CONTEXT_SUMMARY, continue with my current message: {last_user_message}"})

    def update_memory(self, message: dict) -> None:
        self.memory._chat_history_block.storage.save([{"role_at_backend": message["role"], "message": message}])

    def step(self, input_message: str):
        self.update_memory({"role": "user", "content": input_message})
        tool_call_records = []
        while True:
            messages, _ = self.memory.get_context()
            response = self.model_backend.run(messages, tools=self._get_full_tool_schemas())
            if not response.tool_calls:
                break
            tool_call_records.extend(response.tool_calls)
        self.update_memory({"role": "assistant", "content": response.content})
        if self.prune_tool_calls_from_memory and tool_call_records:
            self.memory.clean_tool_calls()  # expect: PL301
        return response
