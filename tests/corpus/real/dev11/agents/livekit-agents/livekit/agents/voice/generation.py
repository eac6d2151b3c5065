"""Reconstruction of livekit/agents@da6af86ac640a3bc54585764e64321d7048c1c16:livekit-agents/livekit/agents/voice/generation.py (lines 1123-1150), trimmed; not the original text."""
from .. import llm

EXPRESSIVE_INSTRUCTIONS_MESSAGE_ID = "lk.expressive_instructions"


def update_expressive_instructions(chat_ctx, *, text: str) -> None:
    idx = chat_ctx.index_by_id(EXPRESSIVE_INSTRUCTIONS_MESSAGE_ID)
    if idx is not None:
        chat_ctx.items[idx] = llm.ChatMessage(
            id=EXPRESSIVE_INSTRUCTIONS_MESSAGE_ID,
            role="system",
            content=[text],
            created_at=chat_ctx.items[idx].created_at,
        )
    else:
        chat_ctx.add_message(role="system", content=text, id=EXPRESSIVE_INSTRUCTIONS_MESSAGE_ID)
