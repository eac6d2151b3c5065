"""Is the first difference between two texts a volatile value (clock, id, random)?

Only the first difference matters: the prefix breaks there. The changed piece is found
with a word-level diff of a short window at the first differing character, then
checked against value patterns found in its surroundings in *both* texts (a date that
became another date, a UUID that became another UUID).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from promptlint.causes import Cause
from promptlint.wire.prefix import common_prefix

_MONTHS = (
    r"\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b"
)
_DAYS = r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\b"

_TIMESTAMP = re.compile(
    "|".join(
        [
            # ISO date / datetime with optional time, fraction and zone
            r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?",
            r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4}",  # 03/14/2026, 14.03.2026
            r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp]\.?[Mm]\.?)?",  # 10:31, 10:31:02 PM
            rf"{_DAYS},?\s+(?:{_MONTHS}\s+\d{{1,2}}|\d{{1,2}}\s+{_MONTHS})(?:,?\s+\d{{4}})?",
            rf"{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?",
            rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}(?:,?\s+\d{{4}})?",
            _DAYS,
            r"\b1[5-9]\d{8}(?:\d{3})?\b",  # unix epoch seconds / milliseconds (2017-2033)
            r"\b\d+(?:\.\d+)?\s?(?:seconds?|minutes?|hours?|days?|ms|secs?|mins?)\s+ago\b",
        ]
    ),
    re.IGNORECASE,
)
_ID = re.compile(
    "|".join(
        [
            r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
            r"\b[0-9A-HJKMNP-TV-Z]{26}\b",  # ULID
            r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b",  # hex ids, hashes
            r"\b(?:req|msg|call|toolu|chatcmpl|resp|run|sess|session|trace|span|evt|id)"
            r"[-_][A-Za-z0-9_-]{6,}",
            r"\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{10,}\b",  # base62 ids
            r"(?:pid|PID|port|host|hostname|worker|thread)[=: ]+[\w.-]+",
        ]
    )
)
_RANDOM_CONTEXT = re.compile(r"random|seed|nonce|salt|shuffl|sample|jitter|temperature", re.I)
_VALUE = re.compile(r"[\w.,:+/=-]*")
_FLOAT = re.compile(r"\b\d*\.\d{3,}\b")
_INT = re.compile(r"\b\d+\b")


@dataclass(frozen=True)
class FirstDiff:
    offset: int  # first differing character (same in both texts)
    old: str  # the changed piece in the first text
    new: str  # the changed piece in the second text
    old_span: tuple[int, int]
    new_span: tuple[int, int]


_WORDS = re.compile(r"\w+|\s+|[^\w\s]")


def first_diff(a: str, b: str, window: int = 240) -> FirstDiff | None:
    p = common_prefix(a, b)
    if p == len(a) and p == len(b):
        return None
    # Back up to the start of the word so that "10:31:02" vs "10:31:15" compares whole values.
    start = p
    while start > 0 and (a[start - 1].isalnum() or a[start - 1] in "_"):
        start -= 1
    wa = _WORDS.findall(a[start : p + window])
    wb = _WORDS.findall(b[start : p + window])
    sm = difflib.SequenceMatcher(None, wa, wb, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        oa = start + sum(len(w) for w in wa[:i1])
        ob = start + sum(len(w) for w in wb[:j1])
        old = "".join(wa[i1:i2])
        new = "".join(wb[j1:j2])
        return FirstDiff(p, old, new, (oa, oa + len(old)), (ob, ob + len(new)))
    return FirstDiff(p, a[p:], b[p:], (p, len(a)), (p, len(b)))


def _covered(pattern: re.Pattern[str], text: str, span: tuple[int, int], ctx: int = 48) -> bool:
    """Does a match of `pattern` near `span` cover the changed piece (or, if empty, touch it)?"""
    lo, hi = max(0, span[0] - ctx), min(len(text), span[1] + ctx)
    for m in pattern.finditer(text, lo, hi):
        s, e = m.start(), m.end()
        if span[0] == span[1]:
            if s <= span[0] <= e:
                return True
        elif s <= span[0] and span[1] <= e:
            return True
    return False


def classify_change(a: str, b: str, diff: FirstDiff | None = None) -> Cause | None:
    """The volatile cause of the first difference between a and b, or None for an edit."""
    d = diff or first_diff(a, b)
    if d is None:
        return None
    if len(d.old) > 120 or len(d.new) > 120:
        return None
    if _covered(_TIMESTAMP, a, d.old_span) and _covered(_TIMESTAMP, b, d.new_span):
        return Cause.VOLATILE_TIMESTAMP
    context = a[max(0, d.old_span[0] - 32) : d.old_span[0]]
    if _RANDOM_CONTEXT.search(context) and _VALUE.fullmatch(d.old) and _VALUE.fullmatch(d.new):
        return Cause.VOLATILE_RANDOM  # a seed, nonce, salt or shuffled order
    if _covered(_ID, a, d.old_span) and _covered(_ID, b, d.new_span):
        return Cause.VOLATILE_ID
    if _FLOAT.fullmatch(d.old.strip()) and _FLOAT.fullmatch(d.new.strip()):
        return Cause.VOLATILE_RANDOM
    if _INT.fullmatch(d.old.strip()) and _INT.fullmatch(d.new.strip()):
        return Cause.VOLATILE_ID  # a counter
    return None
