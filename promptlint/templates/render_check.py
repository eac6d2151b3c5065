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

from promptlint.templates.conversations import scenarios_for
from promptlint.templates.generation import reasoning_tags
from promptlint.templates.modes import template_modes
from promptlint.templates.render_report import (
    Difference,
    RenderError,
    RenderIssue,
    RenderReport,
)
from promptlint.templates.replay import Renderer, Replay, replay_variants, special_tokens_near
from promptlint.templates.sandbox import (
    LLAMA_CPP,
    TRANSFORMERS,
    Sandbox,
    UnknownHelpers,
    unknown_helpers,
)
from promptlint.templates.stability import stability_issues
from promptlint.templates.token_count import TokenCounter, counter_for
from promptlint.templates.tracing import error_line
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
    tools_only: bool = False,
) -> RenderReport:
    """Run the render check on a chat template's source.

    Every scenario is replayed in every mode the template documents (`modes.py`), in
    transformers' sandbox (what vLLM and SGLang run). A scenario that sandbox refuses for
    mutating a list is replayed as llama.cpp's engine renders it, and says so; one that
    raises there too is reported as not run, with the template's error: an error is not
    a verdict, and a scenario that did not run is never reported OK.

    `tools_only`: a named `tool_use` template, which transformers renders only for
    requests with tools; conversations without tools do not apply to it.

    `app_helpers`: the template belongs to an application that registers its own filters,
    tests and functions; stand in for the unknown ones (see `Sandbox.assume_app_helpers`)
    instead of failing as a model server would.
    """
    counter = counter if counter is not None else counter_for(path)
    tokens = special_tokens if special_tokens is not None else special_tokens_near(path)
    report = RenderReport(label=label, token_source=counter.describe())
    try:
        sandbox = Sandbox(tokens)
        tree = sandbox.env.parse(source)
        unknown = unknown_helpers(tree, sandbox.env) if app_helpers else None
        if unknown:
            report.assumed_helpers = unknown.describe()
        renderers = _Renderers(tree, tokens, unknown)
        variables = set(meta.find_undeclared_variables(tree))
        primary = renderers.get(TRANSFORMERS, variables)
    except jinja2.TemplateSyntaxError as exc:
        report.error = RenderError(f"syntax error: {exc.message}", exc.lineno)
        return report
    tags = reasoning_tags(source)
    eos = tokens.get("eos_token")
    replays: list[Replay] = []
    first_error: Exception | None = None
    for scenario in scenarios_for(template_modes(tree, variables)):
        if scenario.reasoning == "field" and tags is None:
            report.not_applicable.append((scenario.label, NO_REASONING))
            continue
        if tools_only and not scenario.tools:
            report.not_applicable.append((scenario.label, TOOLS_ONLY))
            continue
        try:
            replay = replay_variants(primary, scenario, report)
        except jinja2.exceptions.SecurityError as refused:
            try:
                replay = replay_variants(renderers.get(LLAMA_CPP, variables), scenario, report)
            except Exception as exc:  # a template is untrusted code: any error is its answer
                report.skipped.append((scenario.label, _reason(refused)))
                report.skipped_lines[scenario.label] = error_line(refused)
                first_error = first_error or exc
                continue
            report.engine_notes.append((scenario.label, _reason(refused)))
            report.skipped_lines[scenario.label] = error_line(refused)
        except Exception as exc:  # a template is untrusted code: any error is its answer
            report.skipped.append((scenario.label, _reason(exc)))
            report.skipped_lines[scenario.label] = error_line(exc)
            first_error = first_error or exc
            continue
        report.scenarios_run.append(_run_label(replay, scenario.system))
        replays.append(replay)
    if not replays:
        which = "tool loop" if tools_only else "conversation, a plain user/assistant one included"
        reason = _reason(first_error) if first_error is not None else "no scenario applies"
        report.error = RenderError(
            f"raises while rendering every {which} replayed: {reason}",
            error_line(first_error) if first_error is not None else None,
        )
        return report
    report.issues.extend(stability_issues(primary, replays, counter))
    report.issues.extend(turn_issues(replays, counter, tags, eos, report.verdicts))
    return report


TOOLS_ONLY = "a `tool_use` template: transformers renders it only for requests with tools"
NO_REASONING = (
    "the template prints no reasoning and reads no reasoning field: its model does not "
    "reason, so there is no reasoning to send back"
)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, jinja2.TemplateError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _run_label(replay: Replay, asked_for_system: bool) -> str:
    scenario = replay.scenario
    notes = [
        n
        for n, on in (
            ("string arguments", scenario.string_arguments),
            ("documents", scenario.documents),
            ("no system message", asked_for_system and not scenario.system),
            (f"rendered as {replay.engine} does", replay.engine != TRANSFORMERS),
        )
        if on
    ]
    return f"{scenario.label} ({', '.join(notes)})" if notes else scenario.label


class _Renderers:
    """One renderer per engine sandbox, compiled when first needed."""

    def __init__(
        self, tree: jinja2.nodes.Template, tokens: dict[str, str], unknown: UnknownHelpers | None
    ) -> None:
        self.tree = tree
        self.tokens = tokens
        self.unknown = unknown
        self.by_engine: dict[str, Renderer] = {}

    def get(self, engine: str, variables: set[str]) -> Renderer:
        if engine not in self.by_engine:
            sandbox = Sandbox(self.tokens, engine=engine)
            if self.unknown:
                sandbox.assume_app_helpers(self.unknown)
            template = sandbox.env.from_string(self.tree)
            self.by_engine[engine] = Renderer(template, sandbox, variables)
        return self.by_engine[engine]


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
