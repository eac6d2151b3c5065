from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python.frontend import PythonContext, PythonRule

from .breakpoint_misuse import BREAKPOINT_APIS


class BreakpointTtlOrder(PythonRule):
    """
    ## What it does
    Checks Anthropic-style requests for a `cache_control` entry with `"ttl": "1h"` that
    comes after one with the default or explicit `"5m"` TTL, in prefix order (tools, then
    system, then messages).

    ## Why is this bad?
    Anthropic requires longer-lived entries to come before shorter ones: "cache entries
    with longer TTL must appear before shorter TTLs". A 1 h breakpoint after a 5 m one is
    rejected, or at best the long-lived part is not what you meant to keep.

    ## Example
    ```python
    system=[{"type": "text", "text": rules, "cache_control": {"type": "ephemeral"}}],
    messages=[{"role": "user", "content": [{"type": "text", "text": docs,
              "cache_control": {"type": "ephemeral", "ttl": "1h"}}]}]
    ```

    ## Use instead
    ```python
    system=[{"type": "text", "text": rules, "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
    messages=[{"role": "user", "content": [{"type": "text", "text": docs,
              "cache_control": {"type": "ephemeral"}}]}]
    ```

    ## Fix safety
    No automatic fix.
    """

    CODE = "PL402"
    NAME = "breakpoint-ttl-order"
    SEVERITY = Severity.ERROR
    MESSAGE = "a 1h cache_control breakpoint after a 5m one"

    VALID = [
        Valid(
            """
            import anthropic
            client = anthropic.Anthropic()

            def ask(q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system=[{"type": "text", "text": "Rules", "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
                    messages=[{"role": "user", "content": [
                        {"type": "text", "text": "Docs", "cache_control": {"type": "ephemeral"}},
                        {"type": "text", "text": q},
                    ]}],
                )
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import anthropic
            client = anthropic.Anthropic()

            def ask(q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system=[{"type": "text", "text": "Rules", "cache_control": {"type": "ephemeral"}}],
                    messages=[{"role": "user", "content": [
                        {"type": "text", "text": "Docs", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
                        {"type": "text", "text": q},
                    ]}],
                )
            """,
            line=9,
            column=13,
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        for req in ctx.requests:
            if req.api not in BREAKPOINT_APIS:
                continue
            seen_short = False
            for taint, _ in req.breakpoints:
                ttl = taint.detail.rstrip("+")
                if ttl == "5m":
                    seen_short = True
                elif ttl == "1h" and seen_short:
                    ctx.report(
                        type(self),
                        taint.node,
                        "a cache_control entry with ttl 1h comes after one with ttl 5m; "
                        "Anthropic requires longer TTLs first: swap them",
                    )
