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
from dataclasses import dataclass
from datetime import timezone
from typing import Any

from promptlint.causes import Cause
from promptlint.diagnosis import costing
from promptlint.diagnosis.compare import Comparer, Divergence, param_changes, scaled_cumsum
from promptlint.diagnosis.exchange import Exchange
from promptlint.diagnosis.index import Entry, RecentIndex, SegInfo, TextPool
from promptlint.prompt import Prompt, PromptParseError, parse_body
from promptlint.store.records import BreakRecord, RequestRecord
from promptlint.tokens import Tokenizer, TokenizerRegistry
from promptlint.usage import Usage

RECORD_BODIES = ("none", "redacted", "full")
TOKENIZER_ENV = "PROMPTLINT_TOKENIZER_DIR"
SESSION_HEADER = "x-promptlint-session"
# Role and separator tokens a chat format adds around each message (an assumption: the
# providers' exact templates are not public); tools and raw prompts add none.
MESSAGE_OVERHEAD = 4


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
        self._prices: dict[tuple[str, str], tuple[Any, Any]] = {}
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
        return costing.normalize_usage(ex.usage_raw, ex.api)

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
            price = self._pricing(model, provider)[1]
            billed, uncached = costing.costs(usage, price)
            rec.cost_usd, rec.cost_usd_without_cache = (
                costing.money(billed),
                costing.money(uncached),
            )
        return rec

    def _unparsed(self, ex: Exchange, why: str) -> RequestRecord:
        try:
            usage = self._usage(ex)
        except Exception:
            usage = None
        rec = self._base(ex, ex.response_model or "", _provider_of(ex.api), usage)
        rec.parsed = False
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
        model = ex.response_model or prompt.model
        rec = self._base(ex, model, prompt.provider, usage)
        ctx = self._prepare(prompt, usage)
        rec.prompt_tokens_exact = usage is not None
        if usage is None and 200 <= ex.status < 300:
            # Answered, but no usage on the wire (a stream without include_usage, a cut
            # stream): our own count, priced as uncached input and labelled inexact.
            rec.uncached_input_tokens = ctx.total
            estimate = Usage(uncached_input_tokens=ctx.total)
            billed, uncached = costing.costs(estimate, self._pricing(model, prompt.provider)[1])
            rec.cost_usd, rec.cost_usd_without_cache = (
                costing.money(billed),
                costing.money(uncached),
            )

        explicit, session = _explicit_session(ex, prompt)
        family = prompt.provider
        match = self.index.find_parent(
            ex.key_hash, family, ctx.segs, ctx.texts, self.pool, explicit, prompt.model
        )
        parent = match.entry if match else None
        # Only the proxy's own header says "one conversation" for sure: prompt_cache_key and
        # metadata.user_id often name a user or tenant with many conversations.
        same_conversation = bool(match and match.shared_messages) or (
            parent is not None
            and explicit is not None
            and explicit.startswith("header:")
            and parent.explicit == explicit
        )
        if session is None and parent is not None and same_conversation:
            session = parent.session_id
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

        breaks, details, _, read_from = self._diagnose(
            ex, ctx, parent, usage, rec, same_conversation
        )
        rec.breaks = breaks
        rec.body = self._body(ex, ctx, details)

        if 0 < ex.status < 400:
            self._remember(ex, ctx, rec, parent, explicit, read_from)
        return rec, details

    def _diagnose(
        self,
        ex: Exchange,
        ctx: _Ctx,
        parent: Entry | None,
        usage: Usage | None,
        rec: RequestRecord,
        same_conversation: bool,
    ) -> tuple[list[BreakRecord], list[str], int, tuple[Entry, int] | None]:
        prompt = ctx.prompt
        policy, price = self._pricing(rec.model, prompt.provider)
        if parent is None:
            rec.predicted_cached_tokens = 0
            return [], [], 0, None
        comparer = Comparer(
            self.pool.get, self._tokens_of(ctx.tok), MESSAGE_OVERHEAD, ctx.calibration
        )
        comp = comparer.compare(
            parent, ctx.segs, ctx.texts, prompt.params, prompt.provider, same_conversation
        )
        gap = (ex.ts - parent.ts).total_seconds()
        ttl = _ttl_seconds(policy, parent, prompt)
        expired = gap > ttl

        cum = scaled_cumsum(ctx.segs, ctx.calibration)
        cur_bps = [cum[k + 1] for k, s in enumerate(ctx.segs) if s.breakpoint]
        if prompt.auto_cache:
            cur_bps.append(ctx.total)
        anthropic = prompt.provider == "anthropic"
        bps: list[int] | None = None
        bps_unlimited: list[int] | None = None
        # A read needs an entry the earlier requests wrote, found by looking back at most
        # `lookback` blocks from one of this request's breakpoints.
        lookback = int(getattr(policy, "lookback_blocks", None) or 20)
        blockcum = [0]
        for s in ctx.segs:
            blockcum.append(blockcum[-1] + s.blocks)
        here = [k + 1 for k, s in enumerate(ctx.segs) if s.breakpoint]
        if prompt.auto_cache:
            here.append(len(ctx.segs))

        def reachable(w: int) -> bool:
            return any(b >= w and blockcum[b] - blockcum[w] <= lookback for b in here)

        # The parent's cache entries end where its own segments do: a segment inserted or
        # dropped before an entry moves it in this request, not in the provider's cache.
        pcum = scaled_cumsum(parent.segs, ctx.calibration)
        if anthropic and cur_bps:
            entries = [w for w in set(parent.written_at) if w < min(len(cum), len(pcum))]
            bps_unlimited = sorted(pcum[w] for w in entries if w <= max(here))
            bps = sorted(pcum[w] for w in entries if reachable(w))

        def predict(x: int, with_bps: bool = True, reach: bool = False) -> int:
            if x <= 0:
                return 0
            if anthropic and with_bps and not cur_bps:
                return 0
            points = (bps_unlimited if reach else bps) if with_bps else None
            try:
                return int(policy.predict_read(x, ctx.total, None, points))
            except Exception:  # a policy bug must not lose the record
                return 0

        divs = comp.divergences
        # Fixing every break can at most give back the earlier request's whole prompt.
        shared, potential = comp.shared_tokens, min(comp.potential_tokens, pcum[-1])
        stripped = _thinking_stripped(ctx, len(parent.segs), cum) if anthropic else None
        if stripped is not None and (not divs or stripped.token_offset < divs[0].token_offset):
            divs = [stripped, *divs]
            shared = min(shared, stripped.token_offset)
        if anthropic and divs:
            # Anthropic hashes whole blocks: a changed block is not read even where its
            # first tokens still match, so reads stop at the start of the changed segment.
            edges = [cum[d.seg_index] for d in divs] + [potential]
            shared = min(shared, edges[0])
        else:
            edges = [d.token_offset for d in divs] + [potential]
        reported = usage.cache_read_tokens if usage else None
        parent_read = 0 if expired else predict(shared)
        # The provider keeps the entries of every recent request of this key and model, not
        # only the parent's: the best read among all of them (a request that goes back to
        # an earlier state - tools restored after a shuffle - reads the older entry).
        other_read, read_from = self._best_live_read(
            ex, ctx, parent, cum, comparer, policy, parent_read, reachable, bool(cur_bps), stripped
        )
        predicted = max(parent_read, other_read)
        rec.predicted_cached_tokens = predicted

        out: list[tuple[Divergence, int]] = []
        # Breaks cost only what lay beyond the readable part of the prompt.
        floor = max(other_read, reported or 0)
        total_lost = max(predict(potential) - max(predict(shared), floor), 0)
        if other_read > predict(shared) and read_from is not None and divs:
            divs[0].detail += (
                f"; the first {other_read:,} tokens were still readable from the cache entry of "
                f"{read_from[0].request_id}"
            )
        spans = [max(edges[k + 1] - max(edges[k], floor), 0) for k in range(len(divs))]
        span_sum = sum(spans)
        left = total_lost
        for k, d in enumerate(divs):
            if k == len(divs) - 1:
                lost = left
            else:
                lost = total_lost * spans[k] // span_sum if span_sum else 0
            left -= lost
            out.append((d, lost))

        extra: list[tuple[Divergence, int]] = []
        first_seg = ctx.segs[0].name if ctx.segs else "prompt"
        min_tokens = int(getattr(policy, "min_cacheable_tokens", 0) or 0)
        if expired and shared > 0 and predict(shared) > floor:
            # A provider that kept the entry past the TTL lost nothing.
            lost = predict(shared) - floor
            extra.append(
                (
                    Divergence(
                        Cause.TTL_EXPIRED,
                        0,
                        first_seg,
                        0,
                        f"{gap:.0f} s since the earlier request; cache TTL {ttl:.0f} s",
                    ),
                    lost,
                )
            )
        elif anthropic and not cur_bps and shared > 0 and predict(shared, False) > 0:
            extra.append(
                (
                    Divergence(
                        Cause.BREAKPOINT_MISUSE,
                        0,
                        first_seg,
                        0,
                        "no cache_control breakpoint: Anthropic caches nothing",
                    ),
                    predict(shared, False),
                )
            )
        elif anthropic and cur_bps and predict(shared, reach=True) > predicted:
            extra.append(
                (
                    Divergence(
                        Cause.BREAKPOINT_MISUSE,
                        0,
                        first_seg,
                        0,
                        "the cached prefix lies more than the lookback "
                        f"({int(getattr(policy, 'lookback_blocks', None) or 20)} blocks) before "
                        "this request's breakpoints: add a breakpoint nearer the change",
                    ),
                    predict(shared, reach=True) - predicted,
                )
            )
        elif 0 < potential < min_tokens and not divs:
            extra.append(
                (
                    Divergence(
                        Cause.BELOW_MINIMUM,
                        0,
                        first_seg,
                        0,
                        f"shared prefix {potential} tokens < minimum {min_tokens}",
                    ),
                    0 if predict(potential) else potential,
                )
            )
        elif reported is not None and predicted > 0:
            tol = max(int(getattr(policy, "granularity", 1) or 1), 64, int(predicted * 0.1))
            if reported < predicted - tol:
                seg_i = _segment_at(cum, reported)
                extra.append(
                    (
                        Divergence(
                            Cause.PROVIDER_MISS,
                            seg_i,
                            ctx.segs[seg_i].name,
                            reported,
                            f"predicted {predicted} cached tokens, provider read {reported}"
                            + (
                                "; sent while the earlier request was still running, before "
                                "its prefix could be cached (stagger parallel requests)"
                                if gap * 1000 < parent.latency_ms
                                else ""
                            ),
                        ),
                        predicted - reported,
                    )
                )
        if not divs and not extra and shared < ctx.total:
            seg_i = _segment_at(cum, shared)
            extra.append(
                (
                    Divergence(
                        Cause.NEW_CONTENT,
                        seg_i,
                        ctx.segs[seg_i].name,
                        shared,
                        f"{ctx.total - shared} new tokens after an intact prefix",
                    ),
                    0,
                )
            )

        records: list[BreakRecord] = []
        details: list[str] = []
        ok = 0 < ex.status < 400
        for d, lost in sorted(out + extra, key=lambda t: t[0].token_offset):
            lost = lost if ok else 0
            keep_text = self.record_bodies != "none"
            records.append(
                BreakRecord(
                    cause=d.cause.value,
                    code=d.cause.code,
                    segment=d.segment,
                    token_offset=d.token_offset,
                    lost_tokens=lost,
                    lost_usd=costing.money(costing.lost_usd(lost, price)),
                    before=d.before if keep_text else None,
                    after=d.after if keep_text else None,
                )
            )
            details.append(d.detail)
        return records, details, shared, read_from

    def _best_live_read(
        self,
        ex: Exchange,
        ctx: _Ctx,
        parent: Entry,
        cum: list[int],
        comparer: Comparer,
        policy: Any,
        best: int,
        reachable: Any,
        has_breakpoints: bool,
        stripped: Divergence | None,
    ) -> tuple[int, tuple[Entry, int] | None]:
        """The most any other live entry of this key lets this request read, and whose."""
        prompt = ctx.prompt
        anthropic = prompt.provider == "anthropic"
        if anthropic and not has_breakpoints:
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
            try:
                if anthropic:
                    points = [ecum[w] for w in e.written_at if w <= same and reachable(w)]
                    read = int(policy.predict_read(ecum[same], ctx.total, None, points))
                else:
                    shared = ecum[same]
                    if (
                        same < limit
                        and esegs[same].key == segs[same].key
                        # Tokenizing the edited segment only pays if it could win.
                        and shared + round(segs[same].tokens * ctx.calibration) > best
                    ):
                        old = self.pool.get(esegs[same].hash)
                        shared += comparer.token_prefix(
                            esegs[same], old, segs[same], ctx.texts[same]
                        )
                    read = int(policy.predict_read(shared, ctx.total, None, None))
            except Exception:  # a policy bug must not lose the record
                read = 0
            if read > best:
                best = read
                found = (read, (e, same))
        return found

    def _pricing(self, model: str, provider: str) -> tuple[Any, Any]:
        key = (model, provider)
        hit = self._prices.get(key)
        if hit is None:
            hit = (costing.policy_for(model, provider), costing.price_for(model))
            if len(self._prices) > 1024:
                self._prices.clear()
            self._prices[key] = hit
        return hit

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
        if ctx.prompt.auto_cache or ctx.prompt.provider != "anthropic":
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
            return ex.request_body.decode("utf-8", "replace")
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


def _provider_of(api: str) -> str:
    if api.startswith("anthropic"):
        return "anthropic"
    if api.startswith("openai"):
        return "openai"
    return "other"


def _explicit_session(ex: Exchange, prompt: Prompt) -> tuple[str | None, str | None]:
    header = ex.request_headers.get(SESSION_HEADER)
    if header:
        return "header:" + header, header
    if prompt.session_hint:
        digest = hashlib.sha256(prompt.session_hint.encode("utf-8", "replace")).hexdigest()[:16]
        prefix = "pck" if prompt.session_hint_kind == "prompt_cache_key" else "uid"
        return f"{prompt.session_hint_kind}:{prompt.session_hint}", f"{prefix}-{digest}"
    return None, None


def _ttl_seconds(policy: Any, parent: Entry, prompt: Prompt) -> float:
    ttl = float(getattr(policy, "ttl_seconds", 300) or 300)
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
