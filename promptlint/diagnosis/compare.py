"""Where and why a request's prefix diverges from the earlier request it extends.

Segments are walked in the provider's prefix order. At each divergence the changed
region is delimited (the whole tool block; or up to where both requests agree again)
and named with one cause from `promptlint.causes`. Parameters that enter the cache key
(model, tool_choice, thinking, images) break the prefix where the provider says they do.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from promptlint.causes import Cause
from promptlint.diagnosis.environment import environment_block, segment_name
from promptlint.diagnosis.index import Entry, SegInfo
from promptlint.diagnosis.volatile import classify_change, first_diff
from promptlint.wire.prefix import common_prefix

SNIPPET_BEFORE = 40
SNIPPET_AFTER = 60
MAX_BREAKS = 4

# Anthropic: these invalidate the system and message caches but not the tools
# (docs/reference/providers.md §2.2).
_ANTHROPIC_AFTER_TOOLS = ("tool_choice", "thinking", "images")
# Request headers that select the model variant or the cache behaviour (Anthropic's
# `anthropic-beta`: `context-1m-…` serves another variant with its own cache): a change
# re-reads the whole prefix. Kept in the params as `header:NAME`, the values sorted.
CACHE_KEY_HEADERS = {"anthropic": ("anthropic-beta",)}


def header_params(provider: str, headers: dict[str, str]) -> dict[str, str]:
    """The cache-key parameters a request's headers carry (`header:anthropic-beta`: values)."""
    out = {}
    for name in CACHE_KEY_HEADERS.get(provider, ()):
        value = headers.get(name)
        if value:
            out["header:" + name] = ",".join(sorted({v.strip() for v in value.split(",")} - {""}))
    return out


# Self-hosted engines render these into the prompt through the chat template.
_LOCAL_RENDERED = ("chat_template_kwargs", "reasoning_effort", "tool_choice")

_USER_TURN = re.compile(
    r"<\|im_start\|>user|<\|start_header_id\|>user|\[INST\]|<\|user\|>|<start_of_turn>user"
    r"|(?:^|\n)(?:User|Human|USER):",
)


@dataclass
class Divergence:
    cause: Cause
    seg_index: int  # index in the current request's segments
    segment: str
    token_offset: int  # tokens of the current request before the first changed token
    detail: str
    before: str | None = None
    after: str | None = None


@dataclass
class Comparison:
    divergences: list[Divergence]
    shared_tokens: int  # identical prefix: up to the first divergence
    potential_tokens: int  # what would have been shared with every divergence fixed


TextOf = Callable[[str], "str | None"]  # segment hash -> text, when still held
TokensOf = Callable[[str, str], "Sequence[int]"]  # (hash, text) -> token ids


def scaled_cumsum(segs: Sequence[SegInfo], scale: float = 1.0) -> list[int]:
    """Token position of each segment boundary, in the provider's counts."""
    out, raw = [0], 0
    for s in segs:
        raw += s.tokens
        out.append(round(raw * scale))
    return out


def snippet(text: str | None, start: int) -> str | None:
    """The text around `start`: at most 100 characters and at most half the segment.

    A redacted body keeps only snippets, so a short segment (a one-line system prompt)
    must not fit in one whole.
    """
    if text is None:
        return None
    span = min(SNIPPET_BEFORE + SNIPPET_AFTER, len(text) // 2)
    before = span * SNIPPET_BEFORE // (SNIPPET_BEFORE + SNIPPET_AFTER)
    lo = max(0, start - before)
    hi = min(len(text), start + span - before)
    return ("…" if lo > 0 else "") + text[lo:hi] + ("…" if hi < len(text) else "")


def param_changes(parent: Entry, params: dict[str, str], provider: str) -> list[tuple[str, bool]]:
    """Changed cache-key parameters: (name, whole_prefix) - whole_prefix False means after tools."""
    out = []
    for name in sorted(set(parent.params) | set(params)):
        if parent.params.get(name) == params.get(name):
            continue
        if (
            name == "model"
            or name.startswith("header:")
            or (provider == "openai" and name == "prompt_cache_key")
        ):
            out.append((name, True))
        elif provider == "anthropic" and name in _ANTHROPIC_AFTER_TOOLS:
            out.append((name, False))
        elif provider == "local" and name in _LOCAL_RENDERED:
            out.append((name, True))
    return out


class Comparer:
    def __init__(
        self, text_of: TextOf, tokens_of: TokensOf, overhead: int, scale: float = 1.0
    ) -> None:
        self.text_of = text_of
        self.tokens_of = tokens_of
        self.overhead = overhead
        # Segments hold our own token counts; positions are reported in the provider's
        # counts when usage told us the ratio.
        self.scale = scale

    def compare(
        self,
        parent: Entry,
        segs: list[SegInfo],
        texts: list[str],
        params: dict[str, str],
        provider: str,
        same_conversation: bool = True,
    ) -> Comparison:
        """Divergences of `segs` from `parent`.

        With `same_conversation` False (the parent is another conversation that shares
        tools and system prompt), the first differing message is where the conversations
        part, not a break: the walk stops there and the rest is new content.
        """
        P, C = parent.segs, segs
        cum = scaled_cumsum(C, self.scale)
        divs: list[Divergence] = []

        pchanges = param_changes(parent, params, provider)
        param_at: int | None = None
        if pchanges:
            first_non_tool = next((k for k, s in enumerate(C) if s.kind != "tool"), len(C))
            whole = any(w for _, w in pchanges)
            param_at = 0 if whole else first_non_tool
            names = ", ".join(n for n, _ in pchanges)
            if param_at < len(C):
                divs.append(
                    Divergence(
                        Cause.PARAM_CHANGE,
                        param_at,
                        C[param_at].name,
                        cum[param_at],
                        f"changed: {names}",
                        _param_text(parent.params, pchanges),
                        _param_text(params, pchanges),
                    )
                )

        i = j = 0
        end_j = 0  # end (in C) of what the parent could have provided
        tail: int | None = None  # the same in tokens, when the parent never realigns
        while i < len(P) and j < len(C):
            if P[i].hash == C[j].hash:
                i += 1
                j += 1
                end_j = j
                continue
            if len(divs) >= MAX_BREAKS:
                break
            if not same_conversation and "message" in (P[i].kind, C[j].kind):
                break
            div, i2, j2, resynced = self._region(P, C, texts, i, j, cum)
            divs.append(div)
            if not resynced:
                # Nothing of the parent follows in place: the parent's remaining tokens
                # could at most have filled the same number of this request's tokens.
                rest_p = round(sum(s.tokens for s in P[i:]) * self.scale)
                tail = min(cum[j] + rest_p, cum[len(C)])
                break
            i, j = i2, j2
            end_j = j
        divs.sort(key=lambda d: d.token_offset)
        reach = cum[min(end_j, len(C))] if tail is None else tail
        shared = divs[0].token_offset if divs else reach
        return Comparison(divs, shared, max(reach, shared))

    # --- one changed region -----------------------------------------------------------

    def _region(
        self,
        P: list[SegInfo],
        C: list[SegInfo],
        texts: list[str],
        i: int,
        j: int,
        cum: list[int],
    ) -> tuple[Divergence, int, int, bool]:
        if P[i].kind == "tool" or C[j].kind == "tool":
            return self._tools(P, C, texts, i, j, cum)
        i2, j2, found = _resync(P, C, i, j)
        a, b = P[i], C[j] if j < len(C) else None
        if not found:
            i2, j2 = min(i + 1, len(P)), min(j + 1, len(C))
        if i2 - i >= 1 and j2 - j == 0:
            # Parent segments missing here: dropped (truncation, compaction, stripped reasoning).
            dropped = P[i:i2]
            if all(s.has_reasoning or s.key == "message:reasoning" for s in dropped):
                detail = f"{len(dropped)} reasoning item(s) dropped from the history"
            else:
                detail = f"{len(dropped)} earlier segment(s) dropped ({dropped[0].name} …)"
            cause = Cause.SYSTEM_EDIT if a.kind == "system" else Cause.HISTORY_REWRITE
            before = snippet(self.text_of(a.hash), 0)
            seg_name = C[j].name if j < len(C) else a.name
            return (
                Divergence(cause, min(j, len(C) - 1), seg_name, cum[j], detail, before, None),
                i2,
                j2,
                found,
            )
        if i2 - i == 0 and j2 - j >= 1:
            inserted = C[j:j2]
            kind = inserted[0].kind
            cause = Cause.SYSTEM_EDIT if kind == "system" else Cause.HISTORY_REWRITE
            detail = f"{len(inserted)} segment(s) inserted before earlier content"
            return (
                Divergence(cause, j, C[j].name, cum[j], detail, None, snippet(texts[j], 0)),
                i2,
                j2,
                found,
            )
        assert b is not None
        # Unchanged system text right after the changed segment (the static part that a
        # per-request part in front of it makes uncacheable).
        static_after = C[j2].tokens if found and j2 < len(C) and C[j2].kind == "system" else 0
        div = self._edit(a, b, texts[j], j, cum, static_after)
        return div, i2, j2, found

    def _edit(
        self,
        a: SegInfo,
        b: SegInfo,
        new_text: str,
        j: int,
        cum: list[int],
        static_after: int = 0,
    ) -> Divergence:
        """One segment replaced by another in place."""
        old_text = self.text_of(a.hash)
        offset_in = self.token_prefix(a, old_text, b, new_text)
        at = cum[j] + offset_in
        char_at = 0
        if old_text is not None:
            d = first_diff(old_text, new_text)
            char_at = d.offset if d else 0
        before, after = snippet(old_text, char_at), snippet(new_text, char_at)

        if a.kind != b.kind:
            cause = Cause.SYSTEM_EDIT if "system" in (a.kind, b.kind) else Cause.HISTORY_REWRITE
            return Divergence(
                cause, j, b.name, cum[j], f"{a.key} replaced by {b.key}", before, after
            )
        if a.canonical_hash == b.canonical_hash:
            return Divergence(
                Cause.SCHEMA_KEY_ORDER,
                j,
                b.name,
                at,
                "same JSON, keys in a different order",
                before,
                after,
            )
        if a.has_reasoning and not b.has_reasoning:
            return Divergence(
                Cause.HISTORY_REWRITE, j, b.name, at, "reasoning stripped", before, after
            )
        # A block the agent writes from the machine (git status, working directory): named
        # by its heading or tag, whatever the changed value looks like.
        block = environment_block(new_text, char_at) if old_text is not None else None
        if block is not None and b.kind in ("system", "prompt", "message"):
            segment = segment_name(b.name, block)
            volatile = classify_change(old_text or "", new_text)
            if volatile is not None:
                detail = f"{_vdetail(volatile)} in environment block {block.where}"
                return Divergence(volatile, j, segment, at, detail, before, after)
            detail = f"environment block {block.label} changed" + (
                f", at {block.field}" if block.field else ""
            )
            return Divergence(Cause.ENVIRONMENT_CHANGE, j, segment, at, detail, before, after)
        # A whole block of per-request text ahead of static text, before a single value:
        # the block, not its first changed word, is what to move.
        if old_text is not None and b.kind in ("system", "prompt"):
            dynamic = _dynamic_before_static(old_text, new_text, static_after)
            if dynamic is not None:
                return Divergence(
                    Cause.DYNAMIC_BEFORE_STATIC, j, b.name, at, dynamic, before, after
                )
        volatile = None
        if old_text is not None:
            volatile = classify_change(old_text, new_text)
        if volatile is not None:
            return Divergence(volatile, j, b.name, at, _vdetail(volatile), before, after)
        detail = "edited (earlier text no longer held)" if old_text is None else "edited"
        if b.kind in ("tool", "schema"):
            cause = Cause.TOOL_CHANGE
            detail = ("response schema " if b.kind == "schema" else "tool ") + detail
        elif b.kind == "system":
            cause = Cause.SYSTEM_EDIT
        elif (
            b.kind == "prompt"
            and old_text is not None
            and not _USER_TURN.search(old_text[:char_at])
        ):
            cause = Cause.SYSTEM_EDIT  # raw prompt edited before its first user turn
        else:
            cause = Cause.HISTORY_REWRITE
            detail = "earlier " + ("prompt text " if b.kind == "prompt" else "message ") + detail
        return Divergence(cause, j, b.name, at, detail, before, after)

    def _tools(
        self,
        P: list[SegInfo],
        C: list[SegInfo],
        texts: list[str],
        i: int,
        j: int,
        cum: list[int],
    ) -> tuple[Divergence, int, int, bool]:
        pi2 = i
        while pi2 < len(P) and P[pi2].kind == "tool":
            pi2 += 1
        cj2 = j
        while cj2 < len(C) and C[cj2].kind == "tool":
            cj2 += 1
        pt, ct = P[i:pi2], C[j:cj2]
        at = cum[j]
        if not ct:
            # Tools before i matched: only the ones from i on are gone.
            some = i > 0 and P[i - 1].kind == "tool"
            gone = ", ".join(_names(pt))
            detail = f"tool list changed: removed {gone}" if some else "all tools removed"
            return Divergence(Cause.TOOL_CHANGE, j, C[j].name, at, detail), pi2, cj2, True
        if not pt:
            detail = f"tool list changed: added {', '.join(_names(ct))}"
            return Divergence(Cause.TOOL_CHANGE, j, C[j].name, at, detail), pi2, cj2, True
        if Counter(s.hash for s in pt) == Counter(s.hash for s in ct):
            detail = "same tools in a different order: " + _order(pt, ct, j)
            return (
                Divergence(Cause.TOOL_ORDER, j, C[j].name, at, detail, _seq(pt), _seq(ct)),
                pi2,
                cj2,
                True,
            )
        if Counter(s.canonical_hash for s in pt) == Counter(s.canonical_hash for s in ct):
            if [s.canonical_hash for s in pt] != [s.canonical_hash for s in ct]:
                detail = "same tools in a different order (and keys reordered): " + _order(
                    pt, ct, j
                )
                return (
                    Divergence(Cause.TOOL_ORDER, j, C[j].name, at, detail, _seq(pt), _seq(ct)),
                    pi2,
                    cj2,
                    True,
                )
            k = next(n for n, (x, y) in enumerate(zip(pt, ct, strict=False)) if x.hash != y.hash)
            div = self._edit(pt[k], ct[k], texts[j + k], j + k, cum)
            return div, pi2, cj2, True
        # Tools added, removed or edited. An in-place edit may be a volatile value
        # (a counter in a tool name, a date in a description).
        pnames, cnames = _names(pt), _names(ct)
        if pnames == cnames:
            k = next(n for n, (x, y) in enumerate(zip(pt, ct, strict=False)) if x.hash != y.hash)
            div = self._edit(pt[k], ct[k], texts[j + k], j + k, cum)
            if div.cause is Cause.TOOL_CHANGE:
                div.detail = f"tool {cnames[k]!r} edited"
            return div, pi2, cj2, True
        if len(pt) == len(ct) and sum(x != y for x, y in zip(pnames, cnames, strict=False)) == 1:
            k = next(n for n, (x, y) in enumerate(zip(pnames, cnames, strict=False)) if x != y)
            div = self._edit(pt[k], ct[k], texts[j + k], j + k, cum)
            if div.cause in (Cause.VOLATILE_ID, Cause.VOLATILE_TIMESTAMP, Cause.VOLATILE_RANDOM):
                div.detail = f"tool renamed {pnames[k]!r} → {cnames[k]!r}: " + div.detail
                return div, pi2, cj2, True
        added = [n for n in cnames if n not in pnames]
        removed = [n for n in pnames if n not in cnames]
        edited = [
            x.key[5:]
            for x in ct
            if x.key[5:] in pnames and x.hash not in {s.hash for s in pt if s.key == x.key}
        ]
        parts = []
        if added:
            parts.append("added " + ", ".join(added))
        if removed:
            parts.append("removed " + ", ".join(removed))
        if edited:
            parts.append("edited " + ", ".join(edited))
        k = next(
            (n for n, (x, y) in enumerate(zip(pt, ct, strict=False)) if x.hash != y.hash),
            min(len(pt), len(ct)),
        )
        k = min(k, len(ct) - 1)
        detail = "tool list changed: " + ("; ".join(parts) or "reordered and edited")
        return (
            Divergence(
                Cause.TOOL_CHANGE, j + k, C[j + k].name, cum[j + k], detail, _seq(pt), _seq(ct)
            ),
            pi2,
            cj2,
            True,
        )

    def token_prefix(self, a: SegInfo, old_text: str | None, b: SegInfo, new_text: str) -> int:
        if old_text is None:
            return 0
        from promptlint.wire.tokens import common_prefix_len

        ta = self.tokens_of(a.hash, old_text)
        tb = self.tokens_of(b.hash, new_text)
        n = common_prefix_len(ta, tb)
        # A message's role/format tokens come first; they are shared when the key is.
        chat_like = b.kind in ("message", "system") and a.key == b.key
        return round(min(n + (self.overhead if chat_like else 0), b.tokens) * self.scale)


# A replaced block this long, before this much unchanged text, is per-request content
# (retrieved documents, user profile, memory) placed ahead of static instructions.
DYNAMIC_MIN_CHARS = 200
STATIC_MIN_CHARS = 400
STATIC_MIN_TOKENS = 100


def _dynamic_before_static(old: str, new: str, static_after_tokens: int) -> str | None:
    p = common_prefix(old, new)
    s = common_prefix(old[p:][::-1], new[p:][::-1])
    old_mid, new_mid = len(old) - p - s, len(new) - p - s
    if min(old_mid, new_mid) < DYNAMIC_MIN_CHARS:
        return None
    if s >= STATIC_MIN_CHARS:
        return (
            f"{new_mid} characters replaced ahead of {s} unchanged ones: put the static "
            "text first and the per-request text after it"
        )
    if static_after_tokens >= STATIC_MIN_TOKENS:
        return (
            f"{new_mid} characters replaced ahead of an unchanged system block of "
            f"{static_after_tokens} tokens: put the static block first"
        )
    return None


def _resync(P: list[SegInfo], C: list[SegInfo], i: int, j: int) -> tuple[int, int, bool]:
    """The nearest point after (i, j) where both requests carry the same segment again."""
    where: dict[str, int] = {}
    for k in range(len(P) - 1, i - 1, -1):
        where[P[k].hash] = k
    for jj in range(j, len(C)):
        ii = where.get(C[jj].hash)
        if ii is not None and ii >= i:
            return ii, jj, True
    return len(P), len(C), False


def _names(segs: Sequence[SegInfo]) -> list[str]:
    return [s.key[5:] if s.key.startswith("tool:") else s.key for s in segs]


def _seq(segs: Sequence[SegInfo]) -> str:
    names = _names(segs)
    text = ", ".join(names[:12]) + (", …" if len(names) > 12 else "")
    return "[" + text + "]"


def _order(pt: Sequence[SegInfo], ct: Sequence[SegInfo], base: int) -> str:
    k = next((n for n, (x, y) in enumerate(zip(pt, ct, strict=False)) if x.hash != y.hash), 0)
    return f"tools[{base + k}] was {_names(pt)[k]!r}, now {_names(ct)[k]!r}"


def _param_text(params: dict[str, str], changes: list[tuple[str, bool]]) -> str:
    return ", ".join(f"{n}={params.get(n, '(unset)')}" for n, _ in changes)


def _vdetail(cause: Cause) -> str:
    return {
        Cause.VOLATILE_TIMESTAMP: "a date/time value changed",
        Cause.VOLATILE_ID: "an id or counter changed",
        Cause.VOLATILE_RANDOM: "a random value changed",
    }.get(cause, cause.value)
