"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/logmanager/manager.py (lines 784-820, 911-972), trimmed; not the original text."""

from ..message import Message
from ..util.reduce import limit_log, reduce_log


def prune_ephemeral_messages(msgs: list[Message]) -> list[Message]:
    """Drop messages (thinking blocks, ...) once their ephemeral_ttl of assistant turns has passed."""
    assistant_turns_after = 0
    kept_reversed: list[Message] = []
    for msg in reversed(msgs):
        if msg.pinned:
            kept_reversed.append(msg)
            continue
        ttl = msg.ephemeral_ttl
        if ttl is not None and assistant_turns_after > ttl:  # expect: PL301
            continue
        kept_reversed.append(msg)
        if msg.role == "assistant":
            assistant_turns_after += 1
    return list(reversed(kept_reversed))


def prepare_messages(msgs: list[Message]) -> list[Message]:
    """Runs before every request on the stored (append-only) conversation log."""
    msgs_reduced = list(reduce_log(msgs))
    msgs_pruned = prune_ephemeral_messages(msgs_reduced)
    return limit_log(msgs_pruned)
