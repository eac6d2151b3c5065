"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/helpers/reasoning_helper.py (lines 25-48), trimmed; not the original text."""


def is_reasoning_completely_disabled(llm_config) -> bool:
    return not llm_config.put_inner_thoughts_in_kwargs and not llm_config.enable_reasoner


def scrub_inner_thoughts_from_messages(messages: list, llm_config) -> list:
    if not is_reasoning_completely_disabled(llm_config):
        return messages
    for message in messages:
        if message.role == "assistant" and message.content and message.tool_calls:
            message.content = [c for c in message.content if c.type != "text"]
    return messages
