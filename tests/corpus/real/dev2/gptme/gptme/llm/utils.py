"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/llm/utils.py (lines 197-299), trimmed; not the original text.

At most four breakpoints: system, the stable boundary, the last two user messages.
"""


def apply_cache_control(
    messages: list[dict],
    system_messages: list[dict] | None = None,
    ephemeral_boundary_idx: int | None = None,
) -> tuple[list[dict], list[dict] | None]:
    messages = [dict(m) for m in messages]
    if system_messages is not None:
        system_messages = [dict(s) for s in system_messages]

    def _set_cache_control_on_last_part(content: list[dict]) -> list[dict]:
        content = list(content)
        for i in range(len(content) - 1, -1, -1):
            part = content[i]
            if part.get("type") != "text" or part.get("text", "").strip():
                content[i] = {**part, "cache_control": {"type": "ephemeral"}}
                break
        return content

    def _apply_cache_to_message(idx: int) -> None:
        content = messages[idx].get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        if content:
            messages[idx]["content"] = _set_cache_control_on_last_part(content)

    if system_messages:
        system_messages[0] = {**system_messages[0], "cache_control": {"type": "ephemeral"}}
    if ephemeral_boundary_idx is not None:
        _apply_cache_to_message(ephemeral_boundary_idx)
    user_indices = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    for idx in user_indices[-2:]:
        if idx != ephemeral_boundary_idx:
            _apply_cache_to_message(idx)
    return messages, system_messages
