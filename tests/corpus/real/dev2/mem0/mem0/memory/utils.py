"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/memory/utils.py (lines 15-33), trimmed; not the original text."""

from mem0.configs.prompts import (
    AGENT_MEMORY_EXTRACTION_PROMPT,
    FACT_RETRIEVAL_PROMPT,
    USER_MEMORY_EXTRACTION_PROMPT,
)


def get_fact_retrieval_messages(message, is_agent_memory=False):
    if is_agent_memory:
        return AGENT_MEMORY_EXTRACTION_PROMPT, f"Input:\n{message}"
    return USER_MEMORY_EXTRACTION_PROMPT, f"Input:\n{message}"


def get_fact_retrieval_messages_legacy(message):
    return FACT_RETRIEVAL_PROMPT, f"Input:\n{message}"
