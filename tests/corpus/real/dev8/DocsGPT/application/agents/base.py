"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/agents/base.py (lines 660-705, 898-1140), trimmed; not the original text.

The messages of every LLM call: the rendered system prompt (plus a compression summary),
the stored turns replayed from the conversation (with their tool calls and results), then
this turn's documents and question in the final user message.
"""

import json
import uuid
from typing import Any, Dict, List

from application.core.model_utils import get_token_limit
from application.utils import num_tokens_from_string


class BaseAgent:
    def __init__(self, model_id: str, chat_history: List[Dict], compressed_summary: str = "", retrieved_docs=None):
        self.model_id = model_id
        self.chat_history = chat_history
        self.compressed_summary = compressed_summary
        self.retrieved_docs = retrieved_docs or []

    def _truncate_text_middle(self, text: str, max_tokens: int) -> str:
        keep = max_tokens * 2
        return text[:keep] + "\n...\n" + text[-keep:]

    def _calculate_current_context_tokens(self, messages: List[Dict]) -> int:
        return sum(num_tokens_from_string(str(m.get("content") or "")) for m in messages)

    def _enforce_context_window(self, messages: List[Dict]) -> List[Dict]:
        context_limit = get_token_limit(self.model_id)
        if self._calculate_current_context_tokens(messages) < context_limit:
            return messages
        for per_message_cap in (8000, 2000, 500):
            for message in messages:
                content = message.get("content")
                if message.get("role") == "tool" and isinstance(content, str) and num_tokens_from_string(content) > per_message_cap:
                    message["content"] = self._truncate_text_middle(content, per_message_cap)
            if self._calculate_current_context_tokens(messages) < context_limit:
                return messages
        raise ValueError("Conversation context exceeds the model's context window")

    def _build_document_block(self) -> str:
        if not self.retrieved_docs:
            return ""
        body = "\n\n".join(d.get("text", "") for d in self.retrieved_docs)
        return f"<documents>\n{body}\n</documents>"

    def _compose_user_turn(self, document_block: str, query: str) -> str:
        return f"{document_block}\n\n{query}" if document_block else query

    def _build_messages(self, system_prompt: str, query: str) -> List[Dict]:
        if self.compressed_summary:
            system_prompt = system_prompt + "\n\n---\n\nThe conversation is summarized below:\n\n" + self.compressed_summary

        context_limit = get_token_limit(self.model_id)
        system_tokens = num_tokens_from_string(system_prompt)
        available_after_system = context_limit - system_tokens - int(context_limit * 0.1)
        max_query_tokens = int(available_after_system * 0.8)

        document_block = self._build_document_block()
        while document_block and num_tokens_from_string(self._compose_user_turn(document_block, query)) > max_query_tokens:
            self.retrieved_docs = self.retrieved_docs[:-1]
            document_block = self._build_document_block()

        user_content = self._compose_user_turn(document_block, query)
        available_for_history = max(available_after_system - num_tokens_from_string(user_content), 0)
        working_history = self._truncate_history_to_fit(self.chat_history, available_for_history)

        messages: List[Dict[str, Any]] = [{"role": "system", "content": system_prompt}]
        for i in working_history:
            has_completed_turn = "prompt" in i and "response" in i
            if has_completed_turn:
                messages.append({"role": "user", "content": i["prompt"]})
            historical_tool_calls = i.get("tool_calls") or []
            if historical_tool_calls:
                tool_message: Dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": []}
                for tool_call in historical_tool_calls:
                    source_call_id = str(
                        tool_call.get("call_id") or uuid.uuid4()  # expect: PL102
                    )
                    args = tool_call.get("arguments")
                    args_str = (
                        json.dumps(args)  # expect: PL202
                        if isinstance(args, dict)
                        else (args or "{}")
                    )
                    tool_message["tool_calls"].append(
                        {"id": source_call_id, "type": "function", "function": {"name": tool_call.get("action_name", ""), "arguments": args_str}}
                    )
                messages.append(tool_message)
                for tool_call, emitted_call in zip(historical_tool_calls, tool_message["tool_calls"]):
                    result = tool_call.get("result")
                    result_str = json.dumps(result) if not isinstance(result, str) else (result or "")
                    messages.append({"role": "tool", "tool_call_id": emitted_call["id"], "content": result_str})
            if has_completed_turn:
                messages.append({"role": "assistant", "content": i["response"]})
        messages.append({"role": "user", "content": user_content})
        return messages

    def _truncate_history_to_fit(self, history: List[Dict], max_tokens: int) -> List[Dict]:
        if not history or max_tokens <= 0:
            return []
        truncated = []
        current_tokens = 0
        for message in reversed(history):  # expect: PL301
            message_tokens = 0
            if "prompt" in message and "response" in message:
                message_tokens += num_tokens_from_string(message["prompt"])
                message_tokens += num_tokens_from_string(message["response"])
            for tool_call in message.get("tool_calls", []):
                message_tokens += num_tokens_from_string(f"Tool: {tool_call.get('tool_name')} | Response: {tool_call.get('result')}")
            if current_tokens + message_tokens <= max_tokens:
                current_tokens += message_tokens
                truncated.insert(0, message)
            else:
                break
        return truncated
