"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/util/reduce.py (lines 41-140, 537-597), trimmed; not the original text.

Both functions run in prepare_messages() before every request.
"""

from collections.abc import Generator

from ..message import Message

CONTEXT = 128_000


def len_tokens(content: object) -> int:
    return len(str(content)) // 4


def truncate_msg(msg: Message) -> Message | None:
    if len(msg.content) < 2000:
        return None
    return msg.replace(content=msg.content[:1000] + "\n[...truncated...]\n" + msg.content[-1000:])


def reduce_log(log: list[Message], limit=None, prev_len=None) -> Generator[Message, None, None]:
    """Shrink the longest non-pinned message until the log is under the limit."""
    if limit is None:
        limit = 0.9 * CONTEXT
    tokens = len_tokens(log)
    if tokens <= limit:
        yield from log
        return
    non_pinned = [(i, m) for i, m in enumerate(log) if not m.pinned]
    if not non_pinned:
        yield from log
        return
    i, longest_msg = max(non_pinned, key=lambda t: len_tokens(t[1].content))
    summary_msg = truncate_msg(longest_msg) or longest_msg
    log = log[:i] + [summary_msg] + log[i + 1 :]  # expect: PL301
    tokens = len_tokens(log)
    if tokens <= limit or prev_len == tokens:
        yield from log
    else:
        yield from reduce_log(log, limit, prev_len=tokens)


def limit_log(log: list[Message]) -> list[Message]:
    """Keep the first system messages, then the newest messages that fit the budget."""
    initial_system_msgs = []
    for msg in log:
        if msg.role != "system":
            break
        initial_system_msgs.append(msg)
    log_tail = log[len(initial_system_msgs) :]
    tail_budget = max(0, CONTEXT - len_tokens(initial_system_msgs))
    msgs = []
    for msg in reversed(log_tail):  # expect: PL301
        msgs.append(msg)
        if len_tokens(msgs) > tail_budget:
            break
    if len_tokens(msgs) > tail_budget:
        msgs.pop()
    kept_ids = {id(m) for m in initial_system_msgs} | {id(m) for m in msgs}
    return [m for m in log if id(m) in kept_ids]
