"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/utils/models/claude.py (lines 373-448, 451-530), trimmed; not the original text.

The agent-built system message gets one marker (cache_system_prompt); every user-supplied
SystemPromptBlock with cache=True (the default) gets its own marker, made in the loop. The TTL
order is checked before sending.
"""


def build_system_blocks(system_message, cache_system_prompt, extended_cache_time=False):
    if isinstance(system_message, str):
        entry = {"text": system_message, "type": "text"}
        if cache_system_prompt:
            cc = {"type": "ephemeral"}
            if extended_cache_time:
                cc["ttl"] = "1h"
            entry["cache_control"] = cc
        return [entry]
    result = []
    for block in system_message:
        b = {"text": block.text, "type": "text"}
        if block.cache:
            effective_ttl = block.ttl if block.ttl is not None else ("1h" if extended_cache_time else "5m")
            cc = {"type": "ephemeral"}
            if effective_ttl == "1h":
                cc["ttl"] = "1h"
            b["cache_control"] = cc  # expect: PL401
        result.append(b)
    return result


def _validate_cache_ttl_order(blocks):
    seen_5m = False
    for block in blocks:
        cc = block.get("cache_control")
        if cc is None:
            continue
        if cc.get("ttl") == "1h":
            if seen_5m:
                raise ValueError("a 1h cached block cannot follow a 5m cached block")
        else:
            seen_5m = True


def format_messages(messages, compress_tool_results=False):
    chat_messages = []
    system_messages = []
    for message in messages:
        content = message.get_content(use_compressed_content=compress_tool_results)
        if message.role in ("system", "developer"):
            if content is not None:
                system_messages.append(content)
            continue
        if message.role == "assistant":
            blocks = []
            if message.reasoning_content is not None and message.provider_data is not None:
                blocks.append(
                    {
                        "type": "thinking",
                        "thinking": message.reasoning_content,
                        "signature": message.provider_data.get("signature"),
                    }
                )
            if isinstance(content, str) and content.strip():
                blocks.append({"type": "text", "text": content})
            for tool_call in message.tool_calls or []:
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": tool_call["id"],
                        "name": tool_call["function"]["name"],
                        "input": tool_call["function"]["arguments"],
                    }
                )
            chat_messages.append({"role": "assistant", "content": blocks})
        else:
            chat_messages.append({"role": message.role, "content": content})
    return chat_messages, " ".join(system_messages)
