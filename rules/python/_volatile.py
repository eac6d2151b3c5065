"""Shared logic of the volatile-value rules (PL101, PL102, PL103)."""

from __future__ import annotations

from typing import ClassVar

from promptlint.python_frontend import PythonContext, PythonRule


class VolatileValueRule(PythonRule):
    KIND: ClassVar[str]
    WHAT: ClassVar[str]

    def check(self, ctx: PythonContext) -> None:
        for use in ctx.uses(self.KIND):
            ctx.report(
                type(self),
                use.taint.node,
                f"{use.taint.detail} ({self.WHAT}) lands in {use.where}, part of the cacheable "
                "prefix: it changes on every request, so nothing after it is read from cache; "
                "move it to the final user message or to `metadata`",
            )
