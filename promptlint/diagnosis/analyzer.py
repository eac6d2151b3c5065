"""The Analyzer: one recorded exchange in, one `RequestRecord` with its prefix breaks out.

Synchronous; the proxy calls it from its background worker, never on the response path.
It never raises for bad bodies (the record says `parsed=False`). It keeps a bounded
index of recent requests per credential hash and model family to find, without any
header, the earlier request each one extends.

Cost attribution: the loss of a request is what fixing every break would add to the
predicted cache read (the predicted read of all the earlier request could provide, minus
the predicted read of the intact prefix, and never more than the provider failed to
read). It is shared among the request's breaks in proportion to the tokens lying between
each break and the next: each break is charged the prefix it cut off.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timezone
from decimal import Decimal
from typing import Any

from promptlint.causes import Cause
from promptlint.cost import catalog
from promptlint.cost.money import money
from promptlint.cost.policies import CachePolicy
from promptlint.cost.prices import ModelPrice, cost_of, cost_without_cache, lost_cost
from promptlint.diagnosis.compare import (
    Comparer,
    Divergence,
    header_params,
    param_changes,
    scaled_cumsum,
)
from promptlint.diagnosis.exchange import Exchange
from promptlint.diagnosis.index import Entry, RecentIndex, SegInfo, TextPool
from promptlint.store.records import NO_SESSION, BreakRecord, RequestRecord
from promptlint.wire.apis import ANTHROPIC_MESSAGES, provider_of
from promptlint.wire.prompt import Prompt, PromptParseError, parse_body
from promptlint.wire.tokens import Tokenizer, TokenizerRegistry
from promptlint.wire.usage import Usage, usage_of

RECORD_BODIES = ("none", "redacted", "full")
TOKENIZER_ENV = "PROMPTLINT_TOKENIZER_DIR"
SESSION_HEADER = "x-promptlint-session"
PROVIDER_MISS_SLACK = 0.10  # of the predicted cached tokens
# Headers in which agents send their own conversation id: Claude Code's, and Codex's
# (`session-id` on its WebSocket upgrade and requests; `session_id` in older releases).
AGENT_SESSION_HEADERS = ("x-claude-code-session-id", "session-id", "session_id")
# Role and separator tokens a chat format adds around each message (an assumption: the
# providers' exact templates are not public); tools and raw prompts add none.
MESSAGE_OVERHEAD = 4
ZERO = Decimal(0)


@dataclass
class _Ctx:
    prompt: Prompt
    tok: Tokenizer
    segs: list[SegInfo]
    texts: list[str]
    total: int
    calibration: float


class Analyzer:
    def __init__(
        self,
        record_bodies: str = "redacted",
        tokenizer_dir: str | None = None,
        *,
        per_group: int = 64,
        max_groups: int = 4096,
        max_segments: int = 1_000_000,
        pool_chars: int = 32_000_000,
    ) -> None:
        if record_bodies not in RECORD_BODIES:
            raise ValueError(f"record_bodies must be one of {', '.join(RECORD_BODIES)}")
        self.record_bodies = record_bodies
        # The proxy takes no tokenizer option: a folder of Hugging Face tokenizers for local
        # models can also come from the environment.
        self.tokens = TokenizerRegistry(tokenizer_dir or os.environ.get(TOKENIZER_ENV) or None)
        self.index = RecentIndex(per_group, max_groups, max_segments)
        self.pool = TextPool(pool_chars)
        self._lock = threading.Lock()
        self._segs: dict[SegInfo, SegInfo] = {}

    # --- entry point -------------------------------------------------------------------

    def analyze(self, ex: Exchange) -> RequestRecord:
        return self.analyze_detailed(ex)[0]

    def analyze_detailed(self, ex: Exchange) -> tuple[RequestRecord, list[str]]:
        """The record, and one human-readable detail per break (the store has no column)."""
        try:
            with self._lock:
                return self._analyze(ex)
        except Exception as exc:  # the proxy's worker must never die on a body
            return self._unparsed(ex, f"analysis failed: {type(exc).__name__}: {exc}"), []

    # --- internals ---------------------------------------------------------------------

    def _usage(self, ex: Exchange) -> Usage | None:
        if not isinstance(ex.usage_raw, dict):
            return None
        return usage_of(ex.usage_raw, ex.api)

    def _base(self, ex: Exchange, model: str, provider: str, usage: Usage | None) -> RequestRecord:
        ts = ex.ts if ex.ts.tzinfo else ex.ts.replace(tzinfo=timezone.utc)
        rec = RequestRecord(
            id=ex.request_id,
            ts=ts.astimezone(timezone.utc).isoformat(timespec="microseconds"),
            api=ex.api,
            provider=provider,
            model=model,
            key_hash=ex.key_hash,
            session_id="",
            parent_id=None,
            status=ex.status,
            streamed=ex.streamed,
            latency_ms=ex.latency_ms,
            error=ex.error,
        )
        if usage is not None:
            rec.uncached_input_tokens = usage.uncached_input_tokens
            rec.cache_read_tokens = usage.cache_read_tokens
            rec.cache_write_5m_tokens = usage.cache_write_5m_tokens
            rec.cache_write_1h_tokens = usage.cache_write_1h_tokens
            rec.output_tokens = usage.output_tokens
            _price_record(rec, usage, catalog.resolve(model, provider).price)
        return rec

    def _unparsed(self, ex: Exchange, why: str) -> RequestRecord:
        try:
            usage = self._usage(ex)
        except Exception:
            usage = None
        model = ex.response_model or ""
        rec = self._base(ex, model, provider_of(ex.api, model), usage)
        rec.parsed = False
        if ex.api == "other" and usage is None:
            # Not a prompt (HEAD /, a model list, a refused WebSocket upgrade): recorded, but
            # no session of its own.
            rec.session_id = NO_SESSION
        else:
            rec.session_id = ex.request_headers.get(SESSION_HEADER) or "s-" + ex.request_id
        rec.error = (ex.error + "; " if ex.error else "") + why
        if self.record_bodies == "full":
            rec.body = ex.request_body.decode("utf-8", "replace")
        return rec

    def _prepare(self, prompt: Prompt, usage: Usage | None) -> _Ctx:
        tok = self.tokens.for_model(prompt.model, prompt.provider)
        counts = []
        texts = []
        for s in prompt.segments:
            n = len(self.tokens.encode(tok, s.text, s.hash))
            if s.kind in ("message", "system") and prompt.api != "openai-completions":
                n += MESSAGE_OVERHEAD
            counts.append(n)
            texts.append(s.text)
        total = sum(counts)
        calibration = 1.0
        if usage is not None and total > 0 and usage.input_tokens > 0:
            # The provider's own count is the truth (its templates and tool rendering are
            # not public, and Anthropic's tokenizer is not either): scale ours to it.
            ratio = usage.input_tokens / total
            if 0.25 <= ratio <= 4.0 and abs(ratio - 1.0) > 0.01:
                calibration = ratio
                total = round(total * ratio)
        segs = [
            self._intern_seg(
                SegInfo(
                    s.name,
                    s.kind,
                    s.key,
                    s.hash,
                    s.canonical_hash,
                    n,
                    s.has_reasoning,
                    s.breakpoint,
                    s.ttl,
                    s.blocks,
                )
            )
            for s, n in zip(prompt.segments, counts, strict=False)
        ]
        return _Ctx(prompt, tok, segs, texts, total, calibration)

    def _intern_seg(self, seg: SegInfo) -> SegInfo:
        """One object per distinct segment: a conversation's requests share their history."""
        if len(self._segs) > 200_000:
            self._segs.clear()  # entries keep theirs alive; only future sharing restarts
        return self._segs.setdefault(seg, seg)

    def _analyze(self, ex: Exchange) -> tuple[RequestRecord, list[str]]:
        usage = self._usage(ex)
        if ex.api not in (
            "openai-chat",
            "openai-responses",
            "openai-completions",
            "anthropic-messages",
        ):
            return self._unparsed(ex, "not a prompt API"), []
        try:
            prompt = parse_body(ex.request_body, ex.api)
        except PromptParseError as exc:
            return self._unparsed(ex, f"unparsed body: {exc}"), []
        prompt.params.update(header_params(prompt.provider, ex.request_headers))
        model = ex.response_model or prompt.model
        rec = self._base(ex, model, prompt.provider, usage)
        ctx = self._prepare(prompt, usage)
        rec.prompt_tokens_exact = usage is not None
        if usage is None and 200 <= ex.status < 300:
            # Answered, but no usage on the wire (a stream without include_usage, a cut
            # stream): our own count, priced as uncached input and labelled inexact.
            rec.uncached_input_tokens = ctx.total
            estimate = Usage(uncached_input_tokens=ctx.total)
            _price_record(rec, estimate, catalog.resolve(model, prompt.provider).price)

        explicit, session = _explicit_session(ex, prompt)
        family = prompt.provider
        match = self.index.find_parent(
            ex.key_hash, family, ctx.segs, ctx.texts, self.pool, explicit, prompt.model
        )
        parent = match.entry if match else None
        # Only a session header (ours, Claude Code's, Codex's) says "one conversation" for
        # sure: prompt_cache_key and metadata.user_id often name a user or tenant with many
        # conversations. Two different session headers are two conversations, whatever
        # messages they share (Codex opens each thread with the same environment message).
        by_header = explicit is not None and explicit.startswith("header:")
        other_conversation = (
            by_header
            and parent is not None
            and parent.explicit is not None
            and parent.explicit.startswith("header:")
            and parent.explicit != explicit
        )
        same_conversation = not other_conversation and (
            bool(match and match.shared_messages)
            or (parent is not None and by_header and parent.explicit == explicit)
        )
        forked = (
            parent is not None
            and parent.extended
            and explicit is None
            and match is not None
            and match.shared_messages <= 1
        )
        if session is None and parent is not None and same_conversation and not forked:
            session = parent.session_id
        elif forked:
            # A request that continued no further than the opening user message of one that
            # was already continued: another conversation that began with the same words
            # (an SDK process running several), not this one's next turn.
            pass
        elif (
            match is not None
            and match.shared_messages
            and explicit is not None
            and not explicit.startswith("header:")
            and match.entry.explicit != explicit
        ):
            # prompt_cache_key / metadata.user_id changed while the conversation went on:
            # here it names a request or a trace (some gateways send a fresh one each
            # time), not the conversation, which keeps its session.
            session = match.entry.session_id
        rec.session_id = session or "s-" + ex.request_id
        rec.parent_id = parent.request_id if parent else None

        found = self._diagnose(ex, ctx, parent, usage, rec, same_conversation)
        rec.breaks = found.breaks
        rec.body = self._body(ex, ctx, found.details)

        if 0 < ex.status < 400:
            self._remember(ex, ctx, rec, parent, explicit, found.read_from)
            if parent is not None and rec.session_id == parent.session_id:
                parent.extended = True  # continued in its own conversation
        return rec, found.details

    def _diagnose(
        self,
        ex: Exchange,
        ctx: _Ctx,
        parent: Entry | None,
        usage: Usage | None,
        rec: RequestRecord,
        same_conversation: bool,
    ) -> Diagnosis:
        """The breaks of this request against `parent` (the request it extends), each with
        the tokens it cost, and the cache entry the prediction reads from."""
        resolved = catalog.resolve(rec.model, ctx.prompt.provider)
        policy, price = resolved.policy, resolved.price
        found = _ttl_order(ctx)
        if parent is None:
            rec.predicted_cached_tokens = 0
            return self._diagnosis(ex, found, price, None)
        comparer = Comparer(
            self.pool.get, self._tokens_of(ctx.tok), MESSAGE_OVERHEAD, ctx.calibration
        )
        comp = comparer.compare(
            parent, ctx.segs, ctx.texts, ctx.prompt.params, ctx.prompt.provider, same_conversation
        )
        view = _CacheView(ctx, parent, policy)
        gap = (ex.ts - parent.ts).total_seconds()
        ttl = _ttl_seconds(policy, parent, ctx.prompt)

        divs = comp.divergences
        # Fixing every break can at most give back the earlier request's whole prompt.
        shared, potential = comp.shared_tokens, min(comp.potential_tokens, view.pcum[-1])
        stripped = (
            _thinking_stripped(ctx, len(parent.segs), view.cum)
            if ctx.prompt.api == ANTHROPIC_MESSAGES
            else None
        )
        if stripped is not None and (not divs or stripped.token_offset < divs[0].token_offset):
            divs = [stripped, *divs]
            shared = min(shared, stripped.token_offset)
        if policy.reads_at_breakpoints and divs:
            # Breakpoint caches (Anthropic) hash whole blocks: a changed block is not read
            # even where its first tokens still match, so reads stop at the start of the
            # changed segment.
            edges = [view.cum[d.seg_index] for d in divs] + [potential]
            shared = min(shared, edges[0])
        else:
            edges = [d.token_offset for d in divs] + [potential]
        reported = usage.cache_read_tokens if usage else None
        parent_read = 0 if gap > ttl else view.predict(shared)
        # The provider keeps the entries of every recent request of this key and model, not
        # only the parent's: the best read among all of them (a request that goes back to
        # an earlier state - tools restored after a shuffle - reads the older entry).
        other_read, read_from = self._best_live_read(
            ex, ctx, parent, view.cum, comparer, policy, parent_read, view.reachable,
            bool(view.cur_bps), stripped,
        )  # fmt: skip
        predicted = max(parent_read, other_read)
        rec.predicted_cached_tokens = predicted

        # Breaks cost only what lay beyond the readable part of the prompt.
        floor = max(other_read, reported or 0)
        if other_read > view.predict(shared) and read_from is not None and divs:
            divs[0].detail += (
                f"; the first {other_read:,} tokens were still readable from the cache entry of "
                f"{read_from[0].request_id}"
            )
        total_lost = max(view.predict(potential) - max(view.predict(shared), floor), 0)
        found += _share_losses(divs, edges, floor, total_lost)
        found += _cache_causes(
            ctx, parent, view, _Reads(shared, potential, predicted, floor, reported), gap, ttl,
            not divs,
        )  # fmt: skip
        return self._diagnosis(ex, found, price, read_from)

    def _diagnosis(
        self,
        ex: Exchange,
        found: list[tuple[Divergence, int]],
        price: ModelPrice | None,
        read_from: tuple[Entry, int] | None,
    ) -> Diagnosis:
        breaks: list[BreakRecord] = []
        details: list[str] = []
        ok = 0 < ex.status < 400
        keep_text = self.record_bodies != "none"
        for d, lost in sorted(found, key=lambda t: t[0].token_offset):
            lost = lost if ok else 0
            breaks.append(
                BreakRecord(
                    cause=d.cause.value,
                    code=d.cause.code,
                    segment=d.segment,
                    token_offset=d.token_offset,
                    lost_tokens=lost,
                    lost_usd=money(lost_cost(lost, price) if price and lost > 0 else ZERO),
                    before=d.before if keep_text else None,
                    after=d.after if keep_text else None,
                )
            )
            details.append(d.detail)
        return Diagnosis(breaks, details, read_from)

    def _best_live_read(
        self,
        ex: Exchange,
        ctx: _Ctx,
        parent: Entry,
        cum: list[int],
        comparer: Comparer,
        policy: CachePolicy,
        best: int,
        reachable: Callable[[int], bool],
        has_breakpoints: bool,
        stripped: Divergence | None,
    ) -> tuple[int, tuple[Entry, int] | None]:
        """The most any other live entry of this key lets this request read, and whose."""
        prompt = ctx.prompt
        at_breakpoints = policy.reads_at_breakpoints
        if at_breakpoints and not has_breakpoints:
            return 0, None
        segs = ctx.segs
        first_non_tool = next((k for k, s in enumerate(segs) if s.kind != "tool"), len(segs))
        base_limit = len(segs) if stripped is None else stripped.seg_index
        found: tuple[int, tuple[Entry, int] | None] = (0, None)
        options = []
        for e in self.index.candidates(ex.key_hash, prompt.provider):
            if e is parent:
                continue
            gap = (ex.ts - e.ts).total_seconds()
            if gap < 0 or gap > _ttl_seconds(policy, e, prompt):
                continue
            limit = base_limit
            changes = param_changes(e, prompt.params, prompt.provider)
            if any(whole for _, whole in changes):
                continue
            if changes:  # Anthropic: tool_choice, thinking, images keep only the tools
                limit = min(limit, first_non_tool)
            limit = min(limit, len(e.segs))
            # Nothing can be read beyond the entry's own prompt.
            bound = (
                max(e.prompt_tokens, e.reported_tokens)
                if limit == len(e.segs)
                else cum[limit] + cum[limit] // 4
            )
            if bound > best:
                options.append((bound, limit, e))
        # Longest first: once the bound cannot beat the best read, nothing after it can.
        options.sort(key=lambda o: -o[0])
        for bound, limit, e in options:
            if bound <= best:
                break
            same = 0
            esegs = e.segs
            while same < limit and (
                esegs[same] is segs[same] or esegs[same].hash == segs[same].hash
            ):
                same += 1
            # Positions in the entry's own calibrated counts: exact where the provider
            # reported them, whatever the new tokens of this request weigh.
            ecum = scaled_cumsum(esegs[:same], e.calibration)
            close = max(ecum[same] // 50, 16)
            if same == len(esegs) and abs(e.reported_tokens - ecum[same]) <= close:
                # The whole entry matched: the provider's own count of it (calibration is
                # skipped within 1%; far off, the provider saw more than the body).
                ecum[same] = e.reported_tokens
            if at_breakpoints:
                points = [ecum[w] for w in e.written_at if w <= same and reachable(w)]
                read = policy.predict_read(ecum[same], ctx.total, None, points)
            else:
                shared = ecum[same]
                if (
                    same < limit
                    and esegs[same].key == segs[same].key
                    # Tokenizing the edited segment only pays if it could win.
                    and shared + round(segs[same].tokens * ctx.calibration) > best
                ):
                    old = self.pool.get(esegs[same].hash)
                    shared += comparer.token_prefix(esegs[same], old, segs[same], ctx.texts[same])
                read = policy.predict_read(shared, ctx.total, None, None)
            if read > best:
                best = read
                found = (read, (e, same))
        return found

    def _tokens_of(self, tok: Tokenizer) -> Any:
        def tokens_of(digest: str, text: str) -> Any:
            return self.tokens.encode(tok, text, digest)

        return tokens_of

    def _remember(
        self,
        ex: Exchange,
        ctx: _Ctx,
        rec: RequestRecord,
        parent: Entry | None,
        explicit: str | None,
        read_from: tuple[Entry, int] | None = None,
    ) -> None:
        # Cache entries are kept as segment boundaries (entry after segment k-1 = k), not
        # token positions: token counts are calibrated per request and would drift.
        written: list[int] = []
        if parent is not None and parent.params == ctx.prompt.params:
            same = 0
            for a, b in zip(parent.segs, ctx.segs, strict=False):
                if a.hash != b.hash:
                    break
                same += 1
            written = [w for w in parent.written_at if w <= same]
        if read_from is not None:
            # Reading an older entry refreshes it: it lives on as this request's.
            older, same = read_from
            written += [w for w in older.written_at if w <= same]
        for k, s in enumerate(ctx.segs):
            if s.breakpoint:
                written.append(k + 1)
        policy = catalog.resolve(rec.model, ctx.prompt.provider).policy
        if ctx.prompt.auto_cache or not policy.reads_at_breakpoints:
            written.append(len(ctx.segs))
        entry = Entry(
            request_id=ex.request_id,
            session_id=rec.session_id,
            ts=ex.ts,
            model=ctx.prompt.model,
            api=ex.api,
            params=dict(ctx.prompt.params),
            segs=ctx.segs,
            explicit=explicit,
            written_at=sorted(set(written))[-64:],
            latency_ms=ex.latency_ms,
            auto_cache=ctx.prompt.auto_cache,
            calibration=ctx.calibration,
            prompt_tokens=ctx.total,
            reported_tokens=(
                rec.uncached_input_tokens
                + rec.cache_read_tokens
                + rec.cache_write_5m_tokens
                + rec.cache_write_1h_tokens
                if rec.prompt_tokens_exact
                else 0
            ),
        )
        for s, text in zip(ctx.segs, ctx.texts, strict=False):
            self.pool.put(s.hash, text)
        self.index.add(ex.key_hash, ctx.prompt.provider, entry)

    def _body(self, ex: Exchange, ctx: _Ctx, details: list[str]) -> str | None:
        if self.record_bodies == "none":
            return None
        if self.record_bodies == "full":
            # The body as sent, beside the same break details `redacted` keeps; Anthropic's
            # metadata.user_id (device and session ids) only as its hash, as in every mode.
            request = json.loads(ex.request_body)
            md = request.get("metadata") if isinstance(request, dict) else None
            if isinstance(md, dict) and isinstance(md.get("user_id"), str):
                digest = hashlib.sha256(md["user_id"].encode("utf-8", "replace")).hexdigest()
                request["metadata"] = {**md, "user_id": "sha256:" + digest[:16]}
            full = {"request": request, "break_details": details}
            return json.dumps(full, ensure_ascii=False, separators=(",", ":"))
        redacted = {
            "api": ctx.prompt.api,
            "model": ctx.prompt.model,
            "params": ctx.prompt.params,
            "tokenizer": ctx.tok.name,
            "tokens_exact": ctx.tok.exact,
            "segments": [
                {"name": s.name, "key": s.key, "hash": s.hash, "tokens": n}
                for s, n in zip(
                    ctx.segs, _diffs(scaled_cumsum(ctx.segs, ctx.calibration)), strict=False
                )
            ],
            "break_details": details,
            "notes": ctx.prompt.notes,
        }
        return json.dumps(redacted, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Diagnosis:
    """What `Analyzer._diagnose` found: the breaks (in prompt order), one human-readable
    detail per break, and the cache entry the prediction reads (it lives on as this one's)."""

    breaks: list[BreakRecord]
    details: list[str]
    read_from: tuple[Entry, int] | None


class _CacheView:
    """This request's cache entries and breakpoints as the policy sees them."""

    def __init__(self, ctx: _Ctx, parent: Entry, policy: CachePolicy) -> None:
        self.ctx, self.policy = ctx, policy
        segs = ctx.segs
        self.cum = scaled_cumsum(segs, ctx.calibration)
        self.cur_bps = [self.cum[k + 1] for k, s in enumerate(segs) if s.breakpoint]
        if ctx.prompt.auto_cache:
            self.cur_bps.append(ctx.total)
        # A read needs an entry the earlier requests wrote, found by looking back from one
        # of this request's breakpoints (the policy's lookback, counted in content blocks).
        self.blockcum = [0]
        for s in segs:
            self.blockcum.append(self.blockcum[-1] + s.blocks)
        here = [k + 1 for k, s in enumerate(segs) if s.breakpoint]
        if ctx.prompt.auto_cache:
            here.append(len(segs))
        self.here_blocks = [self.blockcum[b] for b in here]
        # The parent's cache entries end where its own segments do: a segment inserted or
        # dropped before an entry moves it in this request, not in the provider's cache.
        self.pcum = scaled_cumsum(parent.segs, ctx.calibration)
        self.bps: list[int] | None = None
        self.bps_unlimited: list[int] | None = None
        if policy.reads_at_breakpoints and self.cur_bps:
            entries = [w for w in set(parent.written_at) if w < min(len(self.cum), len(self.pcum))]
            self.bps_unlimited = sorted(self.pcum[w] for w in entries if w <= max(here))
            self.bps = sorted(self.pcum[w] for w in entries if self.reachable(w))

    def reachable(self, w: int) -> bool:
        return self.policy.reachable(self.blockcum[w], self.here_blocks)

    def predict(self, x: int, with_bps: bool = True, reach: bool = False) -> int:
        """Predicted read of a `x`-token match; `with_bps=False`: as if breakpoints were
        anywhere; `reach=True`: as if every earlier entry were within the lookback."""
        if x <= 0:
            return 0
        if self.policy.reads_at_breakpoints and with_bps and not self.cur_bps:
            return 0
        points = (self.bps_unlimited if reach else self.bps) if with_bps else None
        return self.policy.predict_read(x, self.ctx.total, None, points)


@dataclass(frozen=True)
class _Reads:
    shared: int  # tokens this request shares with its parent
    potential: int  # what fixing every break could share
    predicted: int  # predicted read
    floor: int  # what was readable anyway (another entry, or the provider's report)
    reported: int | None  # the provider's cache read


def _share_losses(
    divs: list[Divergence], edges: list[int], floor: int, total_lost: int
) -> list[tuple[Divergence, int]]:
    """`total_lost` shared among the breaks by the tokens between each break and the next:
    each break is charged the prefix it cut off."""
    spans = [max(edges[k + 1] - max(edges[k], floor), 0) for k in range(len(divs))]
    span_sum = sum(spans)
    out: list[tuple[Divergence, int]] = []
    left = total_lost
    for k, d in enumerate(divs):
        lost = (
            left if k == len(divs) - 1 else (total_lost * spans[k] // span_sum if span_sum else 0)
        )
        left -= lost
        out.append((d, lost))
    return out


def _cache_causes(
    ctx: _Ctx,
    parent: Entry,
    view: _CacheView,
    r: _Reads,
    gap: float,
    ttl: float,
    intact: bool,
) -> list[tuple[Divergence, int]]:
    """A cause the cache itself gave (TTL, breakpoints, minimum, a provider miss), or where
    new content starts when nothing broke."""
    policy, predict = view.policy, view.predict
    first_seg = ctx.segs[0].name if ctx.segs else "prompt"
    at_breakpoints = policy.reads_at_breakpoints

    def at_start(cause: Cause, detail: str, lost: int) -> list[tuple[Divergence, int]]:
        return [(Divergence(cause, 0, first_seg, 0, detail), lost)]

    if gap > ttl and r.shared > 0 and predict(r.shared) > r.floor:
        # A provider that kept the entry past the TTL lost nothing.
        return at_start(
            Cause.TTL_EXPIRED,
            f"{gap:.0f} s since the earlier request; cache TTL {ttl:.0f} s",
            predict(r.shared) - r.floor,
        )
    if at_breakpoints and not view.cur_bps and r.shared > 0 and predict(r.shared, False) > 0:
        return at_start(
            Cause.BREAKPOINT_MISUSE,
            f"no cache_control breakpoint: {policy.provider} caches nothing",
            predict(r.shared, False),
        )
    if at_breakpoints and view.cur_bps and predict(r.shared, reach=True) > r.predicted:
        return at_start(
            Cause.BREAKPOINT_MISUSE,
            f"the cached prefix lies more than the lookback ({policy.lookback_blocks} blocks) "
            "before this request's breakpoints: add a breakpoint nearer the change",
            predict(r.shared, reach=True) - r.predicted,
        )
    minimum = policy.min_cacheable_tokens
    if 0 < r.potential < minimum and intact:
        return at_start(
            Cause.BELOW_MINIMUM,
            f"shared prefix {r.potential} tokens < minimum {minimum}",
            0 if predict(r.potential) else r.potential,
        )
    if r.reported is not None and r.predicted > 0:
        # One rule (docs/proxy.md, Diagnosis): short by more than one cache step (at least
        # 64 tokens) and by more than 10% of the prediction, the room our calibrated token
        # counts leave around a prefix boundary (the provider's tokenizer is not ours).
        tol = max(policy.granularity, 64, int(r.predicted * PROVIDER_MISS_SLACK))
        if r.reported < r.predicted - tol:
            seg_i = _segment_at(view.cum, r.reported)
            early = gap * 1000 < parent.latency_ms
            detail = f"predicted {r.predicted} cached tokens, provider read {r.reported}" + (
                "; sent while the earlier request was still running, before its prefix "
                "could be cached (stagger parallel requests)"
                if early
                else ""
            )
            div = Divergence(Cause.PROVIDER_MISS, seg_i, ctx.segs[seg_i].name, r.reported, detail)
            return [(div, r.predicted - r.reported)]
    if intact and r.shared < ctx.total:
        seg_i = _segment_at(view.cum, r.shared)
        div = Divergence(
            Cause.NEW_CONTENT,
            seg_i,
            ctx.segs[seg_i].name,
            r.shared,
            f"{ctx.total - r.shared} new tokens after an intact prefix",
        )
        return [(div, 0)]
    return []


_TTL_RANK = {"5m": 0, "1h": 1}


def _ttl_order(ctx: _Ctx) -> list[tuple[Divergence, int]]:
    """A breakpoint with a longer TTL after one with a shorter TTL, in prefix order:
    Anthropic requires longer-lived entries first (the request is rejected)."""
    shortest: str | None = None
    cum: list[int] | None = None
    for k, s in enumerate(ctx.segs):
        if not s.breakpoint:
            continue
        ttl = s.ttl or "5m"
        if shortest is not None and _TTL_RANK.get(ttl, 0) > _TTL_RANK.get(shortest, 0):
            cum = cum or scaled_cumsum(ctx.segs, ctx.calibration)
            detail = (
                f"a {ttl} breakpoint in {s.name} follows a {shortest} one: breakpoints with "
                "longer TTLs must come first (tools, then system, then messages)"
            )
            return [(Divergence(Cause.BREAKPOINT_TTL_ORDER, k, s.name, cum[k], detail), 0)]
        if shortest is None or _TTL_RANK.get(ttl, 0) < _TTL_RANK.get(shortest, 0):
            shortest = ttl
    return []


def _price_record(rec: RequestRecord, usage: Usage, price: ModelPrice | None) -> None:
    """The record's cost as billed and without caching (0 when the model has no price)."""
    if price is None:
        rec.cost_usd = rec.cost_usd_without_cache = money(ZERO)
        return
    rec.cost_usd = money(cost_of(usage, price))
    rec.cost_usd_without_cache = money(cost_without_cache(usage, price))


def _explicit_session(ex: Exchange, prompt: Prompt) -> tuple[str | None, str | None]:
    """(what to match earlier requests on, the session id) from what the client sent.

    The proxy's own header, then an agent's session header (its id is the session's: the
    same id names the agent's log), then `prompt_cache_key` / `metadata.user_id`.
    """
    for name in (SESSION_HEADER, *AGENT_SESSION_HEADERS):
        header = ex.request_headers.get(name)
        if header:
            return "header:" + header, header
    if prompt.session_hint:
        digest = hashlib.sha256(prompt.session_hint.encode("utf-8", "replace")).hexdigest()[:16]
        prefix = "pck" if prompt.session_hint_kind == "prompt_cache_key" else "uid"
        return f"{prompt.session_hint_kind}:{prompt.session_hint}", f"{prefix}-{digest}"
    return None, None


def _ttl_seconds(policy: CachePolicy, parent: Entry, prompt: Prompt) -> float:
    # No documented TTL (Gemini implicit, DeepSeek): the policy takes entries as alive.
    ttl = float("inf") if policy.ttl_seconds is None else float(policy.ttl_seconds)
    if any(s.ttl == "1h" for s in parent.segs if s.breakpoint):
        ttl = max(ttl, 3600.0)
    retention = prompt.params.get("prompt_cache_retention")
    if retention and "24h" in retention:
        ttl = max(ttl, 86400.0)
    return ttl


def _segment_at(cum: list[int], offset: int) -> int:
    for k in range(len(cum) - 1):
        if cum[k + 1] > offset:
            return k
    return max(len(cum) - 2, 0)


def _human_turn(value: Any) -> bool:
    """A user message with content other than tool results (text, images, ...)."""
    if not isinstance(value, dict) or value.get("role") != "user":
        return False
    content = value.get("content")
    if isinstance(content, str):
        return True
    return isinstance(content, list) and any(
        not (isinstance(b, dict) and b.get("type") == "tool_result") for b in content
    )


def _thinking_stripped(ctx: _Ctx, parent_len: int, cum: list[int]) -> Divergence | None:
    """Anthropic drops earlier thinking blocks once a user turn that is not a tool result
    arrives with thinking enabled (docs/reference/providers.md §2.2): the bytes sent are
    identical, yet the prompt the provider hashes loses those blocks, so the cache breaks at
    the first assistant turn whose thinking the earlier request still carried."""
    thinking = ctx.prompt.params.get("thinking", "")
    if '"enabled"' not in thinking and '"adaptive"' not in thinking:
        return None
    segs = ctx.prompt.segments
    last = len(segs) - 1
    if last < 1 or not _human_turn(segs[last].value):
        return None
    prev_human = max((k for k in range(last) if _human_turn(segs[k].value)), default=-1)
    for k in range(prev_human + 1, min(last, parent_len)):
        s = segs[k]
        if s.key == "message:assistant" and s.has_reasoning:
            return Divergence(
                Cause.HISTORY_REWRITE,
                k,
                s.name,
                cum[k],
                "thinking blocks of earlier turns are dropped by Anthropic when a new user "
                "turn (not a tool result) arrives with thinking enabled",
            )
    return None


def _diffs(cum: list[int]) -> list[int]:
    return [cum[k + 1] - cum[k] for k in range(len(cum) - 1)]
