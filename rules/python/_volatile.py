"""Shared logic of the volatile-value rules (PL101, PL102, PL103)."""

from __future__ import annotations

from typing import ClassVar

import libcst as cst

from promptlint.check.config import CHARS_PER_TOKEN
from promptlint.findings import FixSafety
from promptlint.python.catalogue import PER_PROCESS
from promptlint.python.frontend import PendingFix, PrefixUse, PythonContext, PythonRule
from promptlint.python.move_fix import apply_edits, move_to_final_turn
from promptlint.python.requests import Block
from promptlint.python.values import TIMESTAMP, Dyn, Part, Static, own_input, static_text


class VolatileValueRule(PythonRule):
    KIND: ClassVar[str]
    WHAT: ClassVar[str]

    def check(self, ctx: PythonContext) -> None:
        for use in ctx.uses(self.KIND):
            node = use.taint.node
            if self.KIND == TIMESTAMP and ctx.at_import(node):
                # `TODAY = date.today()` at module level is read once per process: every
                # request of a run sends the same text.
                continue
            if _after_own_input(use):
                continue
            per_process = ctx.at_import(node) or (
                isinstance(node, cst.Call) and ctx.evaluator.qualname(node.func) in PER_PROCESS
            )
            changes = (
                "it differs between worker processes and machines, so requests served by "
                "another worker read nothing after it from cache"
                if per_process
                else "it changes on every request, so nothing after it is read from cache"
            )
            ctx.report(
                type(self),
                node,
                f"{use.taint.detail} ({self.WHAT}) lands in {use.where}, part of the cacheable "
                f"prefix: {changes}; move it to the final user message or to `metadata`",
                _move_fix(ctx, use),
            )
        self._one_shot(ctx)  # after: a place in a known request says more

    def _one_shot(self, ctx: PythonContext) -> None:
        """A one-shot template known by its name: a volatile value with template text after
        it keeps that text from being reused across calls (a dated header on top)."""
        # Its request is not seen: the hosted APIs' minimum (or the team's setting) says
        # whether the template, kept stable, would be cached at all. Only a template whose
        # every fixed part is known can be said to be too short: text read from a file or
        # handed in as configuration (`{self.prompt0}`) is often most of the prompt.
        cacheable = ctx.config.one_shot_tokens() * CHARS_PER_TOKEN
        for block in ctx.one_shot_texts:
            parts = block.val.parts or ()
            if _all_known(parts) and len(static_text(parts).strip()) < cacheable:
                continue  # too short to be cached, with the value or without it
            for i, part in enumerate(parts):
                if not isinstance(part, Dyn):
                    continue
                if len(static_text(parts[i + 1 :]).strip()) < ONE_SHOT_VOLATILE_TAIL:
                    break
                if own_input(part):
                    break  # the call's own input: nothing after it is reused anyway
                for taint in part.taints:
                    if taint.kind == self.KIND and not ctx.at_import(taint.node):
                        ctx.report(
                            type(self),
                            taint.node,
                            f"{taint.detail} ({self.WHAT}) comes before the static text of "
                            f"{block.label}, a prompt template sent again and again: that text "
                            "cannot be reused from cache; move the value to the end",
                        )


# Template text after a volatile value in a one-shot prompt worth keeping stable (a
# paragraph of instructions, about 25 tokens).
ONE_SHOT_VOLATILE_TAIL = 100


def _all_known(parts: tuple[Part, ...]) -> bool:
    """Every piece of the text is written out, or is a value made per request (a clock,
    the call's input): no fixed text of unknown length."""
    return all(isinstance(p, Static) or p.taints for p in parts)


def _after_own_input(use: PrefixUse) -> bool:
    """A one-shot request where the value comes after this request's own input (a topic,
    a question, looked-up documents): nothing from that input on is read from cache
    anyway, and no conversation follows to be lost with it
    (`f"Plan a report on {topic} ... Today is {today}."`, then a fixed ask). Text of
    unknown size after it keeps the finding: it may be a history we cannot see."""
    request = use.request
    if request is None:
        return False
    parts = use.block.val.text_parts()
    at = next(
        (i for i, p in enumerate(parts) if isinstance(p, Dyn) and use.taint in p.taints), None
    )
    if at is None:
        return False
    here = _position(request.blocks, use.block)
    # Tools are left out: a tool list handed in is the same for every call of a caller.
    before = [
        p
        for b in request.blocks[:here]
        if b.prefix and b.section != "tools"
        for p in b.val.text_parts()
    ]
    if not any(own_input(p) for p in [*before, *parts[:at]]):
        return False
    later = [(b, b.val.text_parts()) for b in request.blocks[here + 1 :]]
    for block, rest in [(use.block, parts[at + 1 :]), *later]:
        if block is not use.block:
            if block.val.spread and not block.final:
                return False  # the conversation follows
            if block.val.parts is None and block.val.fields is not None:
                continue  # a message's other fields: no text
        if not block.final and any(isinstance(p, Dyn) and not p.taints for p in rest):
            return False
    return True


def _position(blocks: list[Block], block: Block) -> int:
    return next(i for i, b in enumerate(blocks) if b is block)


def _move_fix(ctx: PythonContext, use: PrefixUse) -> PendingFix | None:
    request = use.request
    if request is None or not isinstance(request.node, cst.Call):
        return None
    edits = move_to_final_turn(request.node, use.taint.node)
    if edits is None:
        return None
    span = apply_edits(ctx.module, ctx.text, edits)
    if span is None:
        return None
    start, end, replacement = span
    return PendingFix(
        "move the sentence with the value into the final user message",
        FixSafety.UNSAFE,
        None,
        replacement,
        start,
        end,
    )
