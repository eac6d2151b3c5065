"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/models/litellm.py (lines 199-234), trimmed; not the original text.

The system prompt's cachePoint blocks become cache_control on the preceding text block, with the
ttl the caller gave.
"""


class LiteLLMModel:
    @classmethod
    def _format_system_messages(cls, system_prompt=None, *, system_prompt_content=None, **kwargs):
        if system_prompt and system_prompt_content is None:
            system_prompt_content = [{"text": system_prompt}]
        system_content = []
        for block in system_prompt_content or []:
            if "text" in block:
                system_content.append({"type": "text", "text": block["text"]})
            elif "cachePoint" in block and block["cachePoint"]["type"] == "default":
                if system_content:
                    cache_control = {"type": "ephemeral"}
                    if ttl := block["cachePoint"].get("ttl"):
                        cache_control["ttl"] = ttl
                    system_content[-1]["cache_control"] = cache_control
        return [{"role": "system", "content": system_content}] if system_content else []
