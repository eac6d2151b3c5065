from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python.frontend import PythonContext, PythonRule

MAX_BREAKPOINTS = 4
BREAKPOINT_APIS = ("anthropic-messages", "litellm", "custom", "langchain")


class BreakpointCount(PythonRule):
    """
    ## What it does
    Checks Anthropic-style requests (Anthropic SDK, LiteLLM) for more than 4
    `cache_control` breakpoints across tools, system and messages, counting a top-level
    `cache_control=` as one, and for `cache_control` markers made in a loop or
    comprehension, which can add any number of them.

    ## Why is this bad?
    Anthropic accepts at most 4 breakpoints per request and rejects more with a 400 error;
    a marker on every retrieved document or every message passes in tests with short
    inputs and fails in production.

    ## Example
    ```python
    content = [{"type": "text", "text": d, "cache_control": {"type": "ephemeral"}} for d in docs]
    ```

    ## Use instead
    ```python
    content = [{"type": "text", "text": d} for d in docs]
    content[-1]["cache_control"] = {"type": "ephemeral"}   # one breakpoint after the stable part
    ```

    ## Fix safety
    No automatic fix: which breakpoints to keep depends on what changes between requests.
    """

    CODE = "PL401"
    NAME = "breakpoint-misuse"
    SEVERITY = Severity.ERROR
    MESSAGE = "more than 4 cache_control breakpoints in one request"

    VALID = [
        Valid(
            """
            import anthropic
            client = anthropic.Anthropic()
            CC = {"type": "ephemeral"}

            def ask(docs, q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system=[{"type": "text", "text": "Rules...", "cache_control": CC}],
                    messages=[{"role": "user", "content": [
                        {"type": "text", "text": "\\n".join(docs), "cache_control": CC},
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
            CC = {"type": "ephemeral"}

            def ask(q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system=[
                        {"type": "text", "text": "Part one", "cache_control": CC},
                        {"type": "text", "text": "Part two", "cache_control": CC},
                        {"type": "text", "text": "Part three", "cache_control": CC},
                    ],
                    messages=[{"role": "user", "content": [
                        {"type": "text", "text": "Background", "cache_control": CC},
                        {"type": "text", "text": q, "cache_control": CC},
                    ]}],
                )
            """,
            line=15,
            column=13,
            message_contains="5 cache_control",
        ),
        Invalid(
            """
            import anthropic
            client = anthropic.Anthropic()

            def ask(docs, q):
                blocks = [{"type": "text", "text": d, "cache_control": {"type": "ephemeral"}} for d in docs]
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    messages=[{"role": "user", "content": [*blocks, {"type": "text", "text": q}]}],
                )
            """,
            line=5,
            column=15,
            message_contains="loop",
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        for req in ctx.requests:
            if req.api not in BREAKPOINT_APIS:
                continue
            marks = [t for t, _ in req.breakpoints]
            repeated = [t for t in marks if t.detail.endswith("+")]
            for t in repeated:
                ctx.report(
                    type(self),
                    t.node,
                    "a cache_control marker made in a loop or comprehension can add more than "
                    f"{MAX_BREAKPOINTS} breakpoints (Anthropic rejects the request); mark only "
                    "the last block of the stable part",
                )
            total = len(marks) + (1 if req.auto_breakpoint else 0)
            if total > MAX_BREAKPOINTS and len(marks) > MAX_BREAKPOINTS - (
                1 if req.auto_breakpoint else 0
            ):
                extra = marks[MAX_BREAKPOINTS - (1 if req.auto_breakpoint else 0)]
                ctx.report(
                    type(self),
                    extra.node,
                    f"this request has {total} cache_control breakpoints; Anthropic allows "
                    f"{MAX_BREAKPOINTS} and rejects the request",
                )
