"""A bounded in-memory index of recent requests, and finding the one a request extends.

Entries keep only segment hashes, token counts and flags; segment texts live in a
shared, size-bounded pool keyed by hash, so a conversation's repeated history is held
once however many requests carry it. When a text has been evicted, diagnosis still
names the segment and cause, only without a snippet.
"""

from __future__ import annotations

from collections import Counter, OrderedDict, deque
from dataclasses import dataclass, field
from datetime import datetime

from promptlint.wire.prefix import common_prefix


@dataclass(frozen=True, slots=True)
class SegInfo:
    name: str
    kind: str
    key: str
    hash: str
    canonical_hash: str
    tokens: int
    has_reasoning: bool
    breakpoint: bool
    ttl: str | None
    blocks: int = 1


@dataclass
class Entry:
    request_id: str
    session_id: str
    ts: datetime
    model: str
    api: str
    params: dict[str, str]
    segs: list[SegInfo]
    explicit: str | None  # an explicit session id this request carried
    written_at: list[int] = field(default_factory=list)  # segment boundaries of cache writes
    auto_cache: bool = False
    latency_ms: float = 0.0
    # Segment token counts are ours; this scales them to the provider's count of this
    # request where usage told it. `prompt_tokens`: our scaled total; `reported_tokens`:
    # the provider's own count (0 when unknown).
    calibration: float = 1.0
    prompt_tokens: int = 0
    reported_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return sum(s.tokens for s in self.segs)


class TextPool:
    """Segment texts by hash, least recently used evicted beyond `max_chars`."""

    def __init__(self, max_chars: int = 32_000_000) -> None:
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._chars = 0
        self._max = max_chars

    def put(self, digest: str, text: str) -> None:
        if len(text) > self._max // 16:
            return  # one huge segment must not flush every conversation's texts
        if digest in self._texts:
            self._texts.move_to_end(digest)
            return
        self._texts[digest] = text
        self._chars += len(text)
        while self._chars > self._max and len(self._texts) > 1:
            _, old = self._texts.popitem(last=False)
            self._chars -= len(old)

    def get(self, digest: str) -> str | None:
        text = self._texts.get(digest)
        if text is not None:
            self._texts.move_to_end(digest)
        return text


FUZZY_TOP = 4
FUZZY_RECENT = 4


@dataclass
class Match:
    entry: Entry
    score: float
    shared_messages: int  # conversational segments of the parent found again


class RecentIndex:
    """Recent requests per (key_hash, model family), newest first."""

    def __init__(
        self, per_group: int = 64, max_groups: int = 4096, max_segments: int = 1_000_000
    ) -> None:
        self._groups: OrderedDict[tuple[str, str], deque[Entry]] = OrderedDict()
        self._per_group = per_group
        self._max_groups = max_groups
        # Bounds memory whatever the number of keys: the least recently used groups lose
        # their oldest requests first.
        self._max_segments = max_segments
        self.segments = 0

    def add(self, key_hash: str, family: str, entry: Entry) -> None:
        k = (key_hash, family)
        group = self._groups.get(k)
        if group is None:
            group = deque()
            self._groups[k] = group
            while len(self._groups) > self._max_groups:
                _, dropped = self._groups.popitem(last=False)
                self.segments -= sum(len(e.segs) for e in dropped)
        else:
            self._groups.move_to_end(k)
        group.appendleft(entry)
        self.segments += len(entry.segs)
        if len(group) > self._per_group:
            self.segments -= len(group.pop().segs)
        while self.segments > self._max_segments and len(self._groups) > 1:
            oldest_key = next(iter(self._groups))
            oldest = self._groups[oldest_key]
            self.segments -= len(oldest.pop().segs)
            if not oldest:
                del self._groups[oldest_key]

    def candidates(self, key_hash: str, family: str) -> list[Entry]:
        return list(self._groups.get((key_hash, family), ()))

    def find_parent(
        self,
        key_hash: str,
        family: str,
        segs: list[SegInfo],
        texts: list[str],
        pool: TextPool,
        explicit: str | None,
        model: str | None = None,
    ) -> Match | None:
        """The recent request this one extends: the most shared tokens, newest on ties.

        Shared means: the candidate's segments found again (by hash, anywhere), plus the
        similar part of the first segments that differ in place. So a timestamp in the
        system prompt, reordered tools or an edited message still find the parent.
        """
        pool_cands = self.candidates(key_hash, family)
        if explicit is not None:
            same = [e for e in pool_cands if e.explicit == explicit]
            if same:
                pool_cands = same
        if not pool_cands:
            return None
        here = Counter(s.hash for s in segs)
        # Scored in this request's token counts, so candidates compare on one scale.
        weight = {s.hash: s.tokens for s in segs}
        scored: list[Match] = []
        for cand in pool_cands:
            seen: dict[str, int] = {}
            score = 0.0
            shared_msgs = 0
            for s in cand.segs:
                h = s.hash
                used = seen.get(h, 0)
                if used < here.get(h, 0):
                    seen[h] = used + 1
                    score += weight[h]
                    if s.kind == "message":
                        shared_msgs += 1
            if model is not None and cand.model != model and not shared_msgs:
                # Another model's cache, and no conversation in common: another workload
                # of this key (a helper model with the same tools), not an earlier turn.
                continue
            if score > 0 and cand.model == model:
                score += 0.5  # on equal prefixes, the same model's cache is the one to use
            scored.append(Match(cand, score, shared_msgs))
        # Text similarity is dearer: only for the best exact matches and the newest requests.
        ranked = sorted(range(len(scored)), key=lambda k: (-scored[k].score, k))
        for k in {*ranked[:FUZZY_TOP], *range(min(FUZZY_RECENT, len(scored)))}:
            scored[k].score += _fuzzy(scored[k].entry, segs, texts, pool)
        best: Match | None = None
        for m in scored:  # newest first: ties keep the newest
            if m.score > 0 and (best is None or m.score > best.score):
                best = m
        return best


def _fuzzy(cand: Entry, segs: list[SegInfo], texts: list[str], pool: TextPool) -> float:
    """Tokens of the similar part of in-place edited segments (first three only)."""
    extra = 0.0
    checked = 0
    for i, (a, b) in enumerate(zip(cand.segs, segs, strict=False)):
        if a.hash == b.hash:
            continue
        if a.key != b.key:
            break
        old = pool.get(a.hash)
        new = texts[i]
        if old is None or not old or not new:
            continue
        similarity = similar_chars(old, new) / max(len(old), len(new))
        if similarity >= 0.5:
            extra += similarity * min(a.tokens, b.tokens)
        checked += 1
        if checked >= 3:
            break
    return extra


def similar_chars(old: str, new: str) -> int:
    """Characters shared by two texts that differ in one short place (a value changed).

    The common prefix, then - after re-aligning on a probe taken just past the change -
    the common run that follows, or else the common suffix.
    """
    p = common_prefix(old, new)
    if p >= min(len(old), len(new)):
        return p
    for skip in (16, 48, 160):
        probe = new[p + skip : p + skip + 24]
        if len(probe) < 24:
            break
        at = old.find(probe, p, p + skip + 400)
        if at >= 0:
            return p + common_prefix(old[at:], new[p + skip :])
    return p + common_prefix(old[p:][::-1], new[p:][::-1])
