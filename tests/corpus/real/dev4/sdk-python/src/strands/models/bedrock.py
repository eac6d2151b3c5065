"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/models/bedrock.py (lines 236-300, 380-399, 417-510), trimmed; not the original text.

With guardrail_latest_message on (off by default), only the latest user text message is wrapped
in guardContent; on the next turn that message is an earlier one and is sent as plain text.
DeepSeek reasoning blocks are dropped from every assistant message alike; the automatic cache
point goes on the last user message only.
"""


class BedrockModel:
    def __init__(self, **config):
        self.config = {"model_id": "us.anthropic.claude-sonnet-4", **config}
        self._cache_strategy = "anthropic"

    def _format_request(self, messages, tool_specs=None, system_prompt_content=None):
        system_blocks = system_prompt_content.copy() if system_prompt_content else []
        if cache_prompt := self.config.get("cache_prompt"):
            system_blocks.append({"cachePoint": {"type": cache_prompt}})
        request = {
            "modelId": self.config["model_id"],
            "messages": self._format_bedrock_messages(messages),
            "system": system_blocks,
        }
        if tool_specs:
            request["toolConfig"] = {
                "tools": [{"toolSpec": spec} for spec in tool_specs]
                + ([{"cachePoint": {"type": self.config["cache_tools"]}}] if self.config.get("cache_tools") else [])
            }
        return request

    def _inject_cache_point(self, messages):
        last_user_idx = None
        for msg_idx, msg in enumerate(messages):
            content = msg.get("content", [])
            for block_idx, block in reversed(list(enumerate(content))):
                if "cachePoint" in block:
                    del content[block_idx]
            if msg.get("role") == "user":
                last_user_idx = msg_idx
        if last_user_idx is not None and messages[last_user_idx].get("content"):
            messages[last_user_idx]["content"].append({"cachePoint": {"type": "default"}})

    def _find_last_user_text_message_index(self, messages):
        for idx, msg in reversed(list(enumerate(messages))):
            if msg["role"] == "user" and any("text" in cb for cb in msg.get("content", [])):
                return idx
        return None

    def _format_bedrock_messages(self, messages):
        cleaned_messages = []
        last_user_text_idx = None
        if self.config.get("guardrail_latest_message", False):
            last_user_text_idx = self._find_last_user_text_message_index(messages)
        for idx, message in enumerate(messages):
            cleaned_content = []
            for content_block in message["content"]:
                if "deepseek" in self.config["model_id"].lower() and "reasoningContent" in content_block:
                    continue
                formatted_content = dict(content_block)
                if idx == last_user_text_idx and "text" in formatted_content:
                    formatted_content = {"guardContent": {"text": {"text": formatted_content["text"]}}}  # expect: PL301
                cleaned_content.append(formatted_content)
            if cleaned_content:
                cleaned_messages.append({"content": cleaned_content, "role": message["role"]})
        cache_config = self.config.get("cache_config")
        if cache_config and cache_config.strategy in ("auto", "anthropic"):
            self._inject_cache_point(cleaned_messages)
        return cleaned_messages
