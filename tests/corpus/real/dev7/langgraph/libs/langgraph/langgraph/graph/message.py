"""Reconstruction of langchain-ai/langgraph@f09cfe8ffc1eeffd68f4b628ed69c30f7cad229f:libs/langgraph/langgraph/graph/message.py (lines 186-240), trimmed; not the original text.

The ids assigned here are LangChain message ids used to merge and remove messages in the state;
chat model integrations do not send them to the provider.
"""

import uuid

from langchain_core.messages import RemoveMessage, convert_to_messages

REMOVE_ALL_MESSAGES = "__remove_all__"


def add_messages(left, right):
    left = list(convert_to_messages(left))
    right = list(convert_to_messages(right))
    remove_all_idx = None
    for m in left:
        if m.id is None:
            m.id = str(uuid.uuid4())  # kept with the message from now on
    for idx, m in enumerate(right):
        if m.id is None:
            m.id = str(uuid.uuid4())
        if isinstance(m, RemoveMessage) and m.id == REMOVE_ALL_MESSAGES:
            remove_all_idx = idx
    if remove_all_idx is not None:
        return right[remove_all_idx + 1 :]
    merged = left.copy()
    merged_by_id = {m.id: i for i, m in enumerate(merged)}
    ids_to_remove = set()
    for m in right:
        if (existing_idx := merged_by_id.get(m.id)) is not None:
            if isinstance(m, RemoveMessage):
                ids_to_remove.add(m.id)
            else:
                ids_to_remove.discard(m.id)
                merged[existing_idx] = m
        else:
            merged_by_id[m.id] = len(merged)
            merged.append(m)
    return [m for m in merged if m.id not in ids_to_remove]
