"""Reconstruction of bytedance/deer-flow@f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be:backend/packages/harness/deerflow/models/claude_provider.py (lines 134-248), trimmed; not the original text."""
import hashlib
import json
import socket
import uuid

from langchain_anthropic import ChatAnthropic

OAUTH_BILLING_HEADER = "x-anthropic-billing-header: cc_version=..."


class ClaudeChatModel(ChatAnthropic):
    enable_prompt_caching: bool = True
    prompt_cache_size: int = 3
    _is_oauth: bool = False

    def _get_request_payload(self, input_, *, stop=None, **kwargs):
        payload = super()._get_request_payload(input_, stop=stop, **kwargs)
        if self._is_oauth:
            self._apply_oauth_billing(payload)
        if self.enable_prompt_caching:
            self._apply_prompt_caching(payload)
        return payload

    def _apply_oauth_billing(self, payload):
        billing_block = {"type": "text", "text": OAUTH_BILLING_HEADER}
        system = payload.get("system")
        if isinstance(system, str):
            payload["system"] = [billing_block, {"type": "text", "text": system}]
        if not isinstance(payload.get("metadata"), dict):
            payload["metadata"] = {}
        if "user_id" not in payload["metadata"]:
            hostname = socket.gethostname()
            device_id = hashlib.sha256(f"deerflow-{hostname}".encode()).hexdigest()
            session_id = str(uuid.uuid4())
            payload["metadata"]["user_id"] = json.dumps({"device_id": device_id, "account_uuid": "deerflow", "session_id": session_id})

    def _apply_prompt_caching(self, payload):
        MAX_CACHE_BREAKPOINTS = 4
        candidates = []
        system = payload.get("system")
        if system and isinstance(system, list):
            for block in system:
                if isinstance(block, dict) and block.get("type") == "text":
                    candidates.append(block)
        elif system and isinstance(system, str):
            new_block = {"type": "text", "text": system}
            payload["system"] = [new_block]
            candidates.append(new_block)
        messages = payload.get("messages", [])
        cache_start = max(0, len(messages) - self.prompt_cache_size)
        for i in range(cache_start, len(messages)):
            content = messages[i].get("content")
            if isinstance(content, list):
                for block in content:
                    if isinstance(block, dict):
                        candidates.append(block)
            elif isinstance(content, str) and content:
                new_block = {"type": "text", "text": content}
                messages[i]["content"] = [new_block]
                candidates.append(new_block)
        tools = payload.get("tools", [])
        if tools and isinstance(tools[-1], dict):
            candidates.append(tools[-1])
        for block in candidates[-MAX_CACHE_BREAKPOINTS:]:
            block["cache_control"] = {"type": "ephemeral"}
