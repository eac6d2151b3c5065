"""The render check: replay synthetic conversations through a chat template, as a server would.

Static rules read the template; this check runs it, in the sandbox model servers use
(`sandbox.py`), and verifies the two properties a prefix cache relies on:

1. **Stability** — the same conversation rendered twice, at two clock times and with two
   random seeds, gives the same text. Otherwise every request (or the first one each day)
   starts a new prefix: PL101 (clock) or PL103 (random).
2. **Turn-over-turn prefix** — what the engine holds after a request (the prompt rendered
   with the generation prompt, plus the reply as the model generated it) is a prefix of
   the next request's render. Otherwise the template rewrites history (stripped
   reasoning, a system prompt moved into the latest user message, …) and the engine
   recomputes everything after the first difference: PL301.

Modules: `replay.py` renders scenarios (`conversations.py`) in the sandbox,
`stability.py` and `turns.py` compare renders, `render_report.py` words the result.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import jinja2
from jinja2 import meta

from promptlint.templates.conversations import Request, Scenario, scenarios_for
from promptlint.templates.render_report import (
    Difference,
    RenderError,
    RenderIssue,
    RenderReport,
)
from promptlint.templates.replay import Renderer, replay_variants, special_tokens_near
from promptlint.templates.sandbox import Sandbox, unknown_helpers
from promptlint.templates.stability import stability_issues
from promptlint.templates.token_count import TokenCounter, counter_for
from promptlint.templates.tracing import Rendered, error_line
from promptlint.templates.turns import turn_issues

__all__ = [
    "Difference",
    "RenderError",
    "RenderIssue",
    "RenderReport",
    "check_template",
    "special_tokens_near",
]


def check_template(
    source: str,
    *,
    label: str = "<template>",
    path: str | Path | None = None,
    special_tokens: dict[str, str] | None = None,
    counter: TokenCounter | None = None,
    app_helpers: bool = False,
) -> RenderReport:
    """Run the render check on a chat template's source.

    `app_helpers`: the template belongs to an application that registers its own filters,
    tests and functions; stand in for the unknown ones (see `Sandbox.assume_app_helpers`)
    instead of failing as a model server would.
    """
    counter = counter if counter is not None else counter_for(path)
    tokens = special_tokens if special_tokens is not None else special_tokens_near(path)
    report = RenderReport(label=label, token_source=counter.describe())
    sandbox = Sandbox(tokens)
    try:
        tree = sandbox.env.parse(source)
        if app_helpers:
            unknown = unknown_helpers(tree, sandbox.env)
            if unknown:
                sandbox.assume_app_helpers(unknown)
                report.assumed_helpers = unknown.describe()
        template = sandbox.env.from_string(tree)
        variables = meta.find_undeclared_variables(tree)
    except jinja2.TemplateSyntaxError as exc:
        report.error = RenderError(f"syntax error: {exc.message}", exc.lineno)
        return report
    renderer = Renderer(template, sandbox, set(variables))
    replays: list[tuple[Scenario, list[Request], list[Rendered], list[Rendered]]] = []
    for index, scenario in enumerate(scenarios_for(set(variables))):
        try:
            scenario, requests, prompts, finals = replay_variants(renderer, scenario, report)
        except Exception as exc:  # a template is untrusted code: any error is its answer
            reason = (
                f"{type(exc).__name__}: {exc}"
                if not isinstance(exc, jinja2.TemplateError)
                else str(exc)
            )
            if index == 0:
                report.error = RenderError(
                    f"raises while rendering a plain user/assistant conversation: {reason}",
                    error_line(exc),
                )
                return report
            report.skipped.append((scenario.name, reason))
            continue
        notes = [
            n
            for n, on in (
                ("string arguments", scenario.string_arguments),
                ("documents", scenario.documents),
            )
            if on
        ]
        report.scenarios_run.append(
            f"{scenario.name} ({', '.join(notes)})" if notes else scenario.name
        )
        replays.append((scenario, requests, prompts, finals))
    report.issues.extend(stability_issues(renderer, replays, counter))
    report.issues.extend(turn_issues(replays, counter))
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m promptlint.templates.render_check FILE...`: print the full render report."""
    from promptlint.templates.loading import TemplateLoadError, load_template_file

    status = 0
    for arg in argv if argv is not None else sys.argv[1:]:
        try:
            sources = load_template_file(Path(arg))
        except TemplateLoadError as exc:
            print(f"{arg}: error: {exc.reason}")
            status = 2
            continue
        for src in sources:
            report = check_template(src.source, label=src.label, path=src.path)
            print(report.text())
            status = max(status, 1 if report.issues or report.error else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
