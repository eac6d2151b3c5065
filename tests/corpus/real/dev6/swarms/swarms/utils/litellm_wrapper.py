"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/utils/litellm_wrapper.py (lines 340-365, 595-831), trimmed; not the original text."""


class LiteLLM:
    def __init__(self, model_name="gpt-4o", system_prompt=None, prompt_caching=False, cache_config=None, tools_list_dictionary=None):
        self.model_name = model_name
        self.system_prompt = system_prompt
        self.prompt_caching = prompt_caching
        self.cache_config = cache_config
        self.tools_list_dictionary = tools_list_dictionary
        self.messages = []
        if isinstance(self.system_prompt, str) and self.system_prompt.strip():
            self.messages.append({"role": "system", "content": self.system_prompt.strip()})

    def _prepare_messages(self, task=None, img=None):
        messages = []
        for m in self.messages:
            if m.get("role") != "system":
                messages.append(m)
                continue
            if m.get("content"):
                messages.append(m)
        if task is not None:
            messages.append({"role": "user", "content": task})
        if self.prompt_caching and messages:
            self._apply_prompt_caching(messages)
        return messages

    def _cache_opt(self, key: str, default):
        if isinstance(self.cache_config, dict):
            val = self.cache_config.get(key, default)
            return default if val is None else val
        return default

    def _supports_prompt_caching(self) -> bool:
        name = (self.model_name or "").lower()
        return "claude" in name or "anthropic" in name

    def _cache_control_value(self) -> dict:
        marker = {"type": "ephemeral"}
        ttl = self._cache_opt("ttl", "5m")
        if ttl and ttl != "5m":
            marker["ttl"] = ttl
        return marker

    def _add_cache_control(self, message: dict) -> None:
        content = message.get("content")
        if isinstance(content, str) and content.strip():
            message["content"] = [{"type": "text", "text": content, "cache_control": self._cache_control_value()}]
        elif isinstance(content, list) and content:
            content[-1]["cache_control"] = self._cache_control_value()

    def _apply_prompt_caching(self, messages: list) -> None:
        if not self._supports_prompt_caching():
            return
        if self._cache_opt("cache_system_prompt", True):
            for m in messages:
                if m.get("role") == "system":
                    self._add_cache_control(m)
                    break
        if self._cache_opt("cache_messages", True):
            self._add_cache_control(messages[-1])

    def _maybe_cache_tools(self, tools: list) -> list:
        if not tools or not (self.prompt_caching and self._supports_prompt_caching()):
            return tools
        if not self._cache_opt("cache_tools", True):
            return tools
        cached = [dict(t) if isinstance(t, dict) else t for t in tools]
        cached[-1]["cache_control"] = self._cache_control_value()
        return cached
