"""Reconstruction of 567-labs/instructor@cc67955310e64056bcf8a087d570a85972a58c40:instructor/utils.py (lines 801-912), trimmed; not the original text."""


def combine_system_messages(existing_system, new_system):
    """Join two system prompts into a new value; neither input is changed."""
    if existing_system is None:
        return new_system
    if isinstance(existing_system, str) and isinstance(new_system, str):
        return f"{existing_system}\n\n{new_system}"
    if isinstance(existing_system, list) and isinstance(new_system, list):
        result = list(existing_system)
        result.extend(new_system)
        return result
    if isinstance(existing_system, str) and isinstance(new_system, list):
        result = [{"type": "text", "text": existing_system}]
        result.extend(new_system)
        return result
    return list(existing_system) + [{"type": "text", "text": new_system}]


def extract_system_messages(messages):
    return [
        {"type": "text", "text": m["content"]} if isinstance(m["content"], str) else m["content"]
        for m in messages
        if m.get("role") == "system"
    ]
