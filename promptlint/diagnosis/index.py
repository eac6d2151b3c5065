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

from promptlint.diagnosis.volatile import common_prefix


@dataclass(frozen=True)
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
    written_at: list[int] = field(default_factory=list)  # token positions of cache writes
    auto_cache: bool = False

    @property
    def total_tokens(self) -> int:
        return sum(s.tokens for s in self.segs)


class TextPool:
    """Segment texts by hash, least recently used evicted beyond `max_chars`."""

    def __init__(self, max_chars: int = 64_000_000) -> None:
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._chars = 0
        self._max = max_chars

    def put(self, digest: str, text: str) -> None:
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


@dataclass
class Match:
    entry: Entry
    score: float
    shared_messages: int  # conversational segments of the parent found again


class RecentIndex:
    """Recent requests per (key_hash, model family), newest first."""

    def __init__(self, per_group: int = 64, max_groups: int = 4096) -> None:
        self._groups: OrderedDict[tuple[str, str], deque[Entry]] = OrderedDict()
        self._per_group = per_group
        self._max_groups = max_groups

    def add(self, key_hash: str, family: str, entry: Entry) -> None:
        k = (key_hash, family)
        group = self._groups.get(k)
        if group is None:
            group = deque(maxlen=self._per_group)
            self._groups[k] = group
            while len(self._groups) > self._max_groups:
                self._groups.popitem(last=False)
        else:
            self._groups.move_to_end(k)
        group.appendleft(entry)

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
        best: Match | None = None
        for cand in pool_cands:
            seen: Counter[str] = Counter()
            score = 0.0
            shared_msgs = 0
            for s in cand.segs:
                if seen[s.hash] < here[s.hash]:
                    seen[s.hash] += 1
                    score += s.tokens
                    if s.kind == "message":
                        shared_msgs += 1
            score += _fuzzy(cand, segs, texts, pool)
            if score <= 0:
                continue
            if best is None or score > best.score:
                best = Match(cand, score, shared_msgs)
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
        p = common_prefix(old, new)
        s = common_prefix(old[p:][::-1], new[p:][::-1]) if len(old) < 200_000 else 0
        similarity = (p + s) / max(len(old), len(new))
        if similarity >= 0.5:
            extra += similarity * min(a.tokens, b.tokens)
        checked += 1
        if checked >= 3:
            break
    return extra
