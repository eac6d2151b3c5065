"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:agent/protocol/agent_stream.py (lines 58-99, 231-345, 572-615, 825-840, 1148-1198, 1200-1300, 1302-1350, 1352-1508), trimmed; not the original text."""

import json
import uuid
from typing import Dict, List

from agent.protocol.message_utils import compress_turn_to_text_only
from agent.protocol.models import LLMRequest


class AgentStreamExecutor:
    def __init__(self, agent, model, system_prompt: str, tools, max_turns: int = 50, on_event=None, messages=None, max_context_turns: int = 30):
        self.agent = agent
        self.model = model
        self.system_prompt = system_prompt
        self.tools = {tool.name: tool for tool in tools} if isinstance(tools, list) else tools
        self.max_turns = max_turns
        self.on_event = on_event
        self.max_context_turns = max_context_turns
        self.messages = messages if messages is not None else []

    def run_stream(self, user_message: str) -> str:
        self.messages.append({"role": "user", "content": [{"type": "text", "text": user_message}]})
        self._trim_messages()
        final_response = ""
        turn = 0
        while turn < self.max_turns:
            turn += 1
            assistant_msg, tool_calls = self._call_llm_stream(retry_on_empty=True)
            final_response = assistant_msg
            if not tool_calls and not assistant_msg and turn > 1:
                prompt_insert_idx = len(self.messages)
                self.messages.append({"role": "user", "content": [{"type": "text", "text": "请向用户说明刚才工具执行的结果或回答用户的问题。"}]})
                assistant_msg, tool_calls = self._call_llm_stream(retry_on_empty=False)
                final_response = assistant_msg
                # Remove the injected prompt from history so it doesn't appear in persisted conversations
                if prompt_insert_idx < len(self.messages) and self.messages[prompt_insert_idx].get("role") == "user":
                    self.messages.pop(prompt_insert_idx)  # expect: PL301
            if not tool_calls:
                break
        return final_response

    def _call_llm_stream(self, retry_on_empty=True, retry_count=0, max_retries=3):
        messages = self._prepare_messages()
        tools_schema = None
        if self.tools:
            tools_schema = []
            for tool in self.tools.values():
                tools_schema.append({
                    "name": tool.name,
                    "description": tool.description,
                    "input_schema": tool.params,
                })
        request = LLMRequest(
            messages=messages,
            temperature=0,
            stream=True,
            tools=tools_schema,
            system=self.system_prompt,
        )
        tool_calls_buffer = {}
        for chunk in self.model.call_stream(request):
            pass
        tool_calls = []
        for idx in sorted(tool_calls_buffer.keys()):
            tc = tool_calls_buffer[idx]
            tool_id = tc.get("id") or ""
            if not tool_id:
                tool_id = f"call_{uuid.uuid4().hex[:24]}"
            tool_calls.append({"id": tool_id, "name": tc["name"], "arguments": tc["arguments"]})
        return "", tool_calls

    def _truncate_historical_tool_results(self):
        MAX_HISTORY_RESULT_CHARS = 20000
        if len(self.messages) < 2:
            return
        current_turn_start = len(self.messages)
        for i in range(len(self.messages) - 1, -1, -1):
            msg = self.messages[i]
            if msg.get("role") == "user":
                content = msg.get("content", [])
                if isinstance(content, list) and any(isinstance(b, dict) and b.get("type") == "text" for b in content):
                    current_turn_start = i
                    break
        for i in range(current_turn_start):
            msg = self.messages[i]
            if msg.get("role") != "user":
                continue
            content = msg.get("content", [])
            if not isinstance(content, list):
                continue
            for block in content:
                if not isinstance(block, dict) or block.get("type") != "tool_result":
                    continue
                result_str = block.get("content", "")
                if isinstance(result_str, str) and len(result_str) > MAX_HISTORY_RESULT_CHARS:
                    original_len = len(result_str)
                    block["content"] = result_str[:MAX_HISTORY_RESULT_CHARS] + f"\n\n[Historical output truncated: {original_len} -> {MAX_HISTORY_RESULT_CHARS} chars]"  # expect: PL301

    def _aggressive_trim_for_overflow(self) -> bool:
        AGGRESSIVE_LIMIT = 10000
        truncated = 0
        for msg in self.messages:
            content = msg.get("content", [])
            if not isinstance(content, list):
                continue
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    result_str = block.get("content", "")
                    if isinstance(result_str, str) and len(result_str) > AGGRESSIVE_LIMIT:
                        block["content"] = result_str[:AGGRESSIVE_LIMIT] + "\n\n[Truncated for context recovery]"
                        truncated += 1
        turns = self._identify_complete_turns()
        if len(turns) > 5:
            kept_turns = turns[-5:]
            new_messages = []
            for turn in kept_turns:
                new_messages.extend(turn["messages"])
            self.messages[:] = new_messages
            return True
        return truncated > 0

    def _build_context_summary_callback(self, discarded_turns: list, kept_turns: list):
        if not kept_turns:
            return None
        target_block = None
        for turn in kept_turns:
            for msg in turn["messages"]:
                if msg.get("role") == "user":
                    for block in msg.get("content", []):
                        if isinstance(block, dict) and block.get("type") == "text":
                            target_block = block
                            break
                if target_block:
                    break
            if target_block:
                break
        if not target_block:
            return None
        turn_count = len(discarded_turns)
        original_text = target_block["text"]

        def _on_summary_ready(summary: str):
            if not summary or not summary.strip():
                return
            target_block["text"] = (
                f"[System: Previous conversation summary — {turn_count} turns were compacted]\n\n"
                f"{summary.strip()}\n\nThe recent conversation continues below.\n\n---\n\n{original_text}"
            )

        return _on_summary_ready

    def _trim_messages(self):
        if not self.messages or not self.agent:
            return
        self._truncate_historical_tool_results()
        turns = self._identify_complete_turns()
        if not turns:
            return
        if len(turns) > self.max_context_turns:
            removed_count = len(turns) // 2
            keep_count = len(turns) - removed_count
            discarded_turns = turns[:removed_count]
            turns = turns[-keep_count:]
            if self.agent.memory_manager:
                discarded_messages = [m for t in discarded_turns for m in t["messages"]]
                cb = self._build_context_summary_callback(discarded_turns, turns)
                self.agent.memory_manager.flush_memory(messages=discarded_messages, reason="trim", max_messages=0, context_summary_callback=cb)
        max_tokens = self.agent.max_context_tokens
        system_tokens = self.agent._estimate_message_tokens({"role": "system", "content": self.system_prompt})
        current_tokens = sum(self._estimate_turn_tokens(turn) for turn in turns)
        if current_tokens + system_tokens <= max_tokens:
            new_messages = []
            for turn in turns:
                new_messages.extend(turn["messages"])
            self.messages = new_messages
            return
        if len(turns) < 5:
            compressed_turns = [compress_turn_to_text_only(t) for t in turns]
            self.messages = [m for t in compressed_turns for m in t["messages"]]
            return
        removed_count = len(turns) // 2
        keep_count = len(turns) - removed_count
        kept_turns = turns[-keep_count:]
        new_messages = []
        for turn in kept_turns:
            new_messages.extend(turn["messages"])
        self.messages = new_messages

    def _prepare_messages(self) -> List[Dict]:
        return list(self.messages)
