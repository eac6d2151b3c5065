"""Shared logic of the volatile-value rules (PL101, PL102, PL103)."""

from __future__ import annotations

from typing import ClassVar

import libcst as cst

from promptlint.findings import FixSafety
from promptlint.python.catalogue import PER_PROCESS
from promptlint.python.frontend import PendingFix, PrefixUse, PythonContext, PythonRule
from promptlint.python.move_fix import apply_edits, move_to_final_turn
from promptlint.python.values import TIMESTAMP, Dyn, static_text


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
        for block in ctx.one_shot_texts:
            parts = block.val.parts or ()
            for i, part in enumerate(parts):
                if not isinstance(part, Dyn):
                    continue
                if len(static_text(parts[i + 1 :]).strip()) < ONE_SHOT_VOLATILE_TAIL:
                    break
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
