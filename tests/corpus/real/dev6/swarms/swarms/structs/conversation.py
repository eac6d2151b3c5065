"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/conversation.py (lines 240-372, 449-493, 728-772, 1480-1536), trimmed; not the original text."""

import datetime
import uuid

from swarms.utils.litellm_tokenizer import count_tokens


class Conversation:
    def __init__(self, name=None, system_prompt=None, user="User", rules=None, message_id_on=False, time_enabled=False, dynamic_context_window=True, tokenizer_model_name="gpt-4o", context_length=8192):
        self.name = name
        self.system_prompt = system_prompt
        self.user = user
        self.rules = rules
        self.custom_rules_prompt = None
        self.message_id_on = message_id_on
        self.time_enabled = time_enabled
        self.dynamic_context_window = dynamic_context_window
        self.tokenizer_model_name = tokenizer_model_name
        self.context_length = context_length
        self.conversation_history = []
        self._str_cache = None
        self._initialize_new_conversation()

    def _initialize_new_conversation(self):
        if self.system_prompt is not None:
            self.add("System", self.system_prompt)
        if self.rules is not None:
            self.add(self.user or "User", self.rules)

    def compact(self, summary: str, summary_role: str = "System") -> None:
        self.conversation_history = []
        self._str_cache = None
        if self.system_prompt is not None:
            self.conversation_history.append({"role": "System", "content": self.system_prompt})
        if self.rules is not None:
            self.conversation_history.append({"role": self.user or "User", "content": self.rules})
        self.add(summary_role, summary)

    def add(self, role: str, content, category=None):
        return self.add_in_memory(role, content, category)

    def add_in_memory(self, role: str, content, category=None):
        message = {"role": role, "content": content}
        if self.time_enabled:
            message["timestamp"] = datetime.datetime.now().isoformat()  # expect: PL101
        if self.message_id_on:
            message["message_id"] = str(uuid.uuid4())
        if category:
            message["category"] = category
        self.conversation_history.append(message)
        self._str_cache = None
        return message

    def return_history_as_string(self) -> str:
        if self._str_cache is None:
            self._str_cache = self._build_history_string()
        return self._str_cache

    def _build_history_string(self) -> str:
        if self.dynamic_context_window is True:
            return self.dynamic_auto_chunking()
        return self._return_history_as_string_worker()

    def _return_history_as_string_worker(self):
        formatted_messages = []
        for message in self.conversation_history:
            timestamp = message.get("timestamp")
            if timestamp:
                formatted_messages.append(f"[{timestamp}] {message['role']}: {message['content']}")
            else:
                formatted_messages.append(f"{message['role']}: {message['content']}")
        return "\n\n".join(formatted_messages)

    def _dynamic_auto_chunking_worker(self):
        all_tokens = self._return_history_as_string_worker()
        if count_tokens(all_tokens, self.tokenizer_model_name) <= self.context_length:
            return all_tokens
        current_string = all_tokens
        left, right = 0, len(all_tokens)
        while left < right:
            mid = (left + right) // 2
            test_string = all_tokens[mid:]  # expect: PL301
            if not test_string:
                break
            if count_tokens(test_string, self.tokenizer_model_name) <= self.context_length:
                right = mid
                current_string = test_string
            else:
                left = mid + 1
        return current_string

    def dynamic_auto_chunking(self):
        try:
            return self._dynamic_auto_chunking_worker()
        except Exception:
            return self._return_history_as_string_worker()
