"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/components/engines/citations/utils.py (lines 336-371), trimmed; not the original text."""

from private_gpt.components.engines.citations.types import Document, SourceBlock


async def extract_sources_from_history(chat_history) -> list:
    chat_history = chat_history or []
    documents: list = []
    source_messages = [
        source
        for message in chat_history
        if message.additional_kwargs.get("source") and isinstance(message.additional_kwargs["source"], list)
        for block in message.additional_kwargs["source"]
        if isinstance(block, SourceBlock)
        for source in block.sources
    ]
    documents.extend([Document.from_source(source) for source in source_messages])
    # First occurrence order of the history.
    documents = list({doc.id_: doc for doc in documents}.values())
    documents = [doc for doc in documents if doc.type != "webpage"]
    return documents
