"""Replaying a scenario through a compiled chat template, as a server would render it."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import jinja2

from promptlint.templates.conversations import Message, Request, Scenario
from promptlint.templates.render_report import RenderReport
from promptlint.templates.sandbox import Sandbox, alias_reasoning
from promptlint.templates.tracing import Rendered, render_traced

BASE_CLOCK = datetime(2026, 3, 2, 9, 15, 0)
# Same day, another time: a difference here means the prefix changes on every request.
LATER_SAME_DAY = BASE_CLOCK + timedelta(hours=2, minutes=3, seconds=7)
# Next day, same time: a difference only here means the prefix changes once a day.
NEXT_DAY = BASE_CLOCK + timedelta(days=1)
BASE_SEED, OTHER_SEED = 1, 2


def _special_tokens(doc: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    if not isinstance(doc, dict):
        return out
    for key in ("bos_token", "eos_token", "unk_token", "pad_token"):
        value = doc.get(key)
        if isinstance(value, dict):
            value = value.get("content")
        if isinstance(value, str):
            out[key] = value
    return out


def special_tokens_near(path: str | Path | None) -> dict[str, str]:
    """Special tokens from the `tokenizer_config.json` beside a template, if any."""
    if path is None:
        return {}
    candidate = Path(path).parent / "tokenizer_config.json"
    try:
        return _special_tokens(json.loads(candidate.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


@dataclass(frozen=True)
class Replay:
    """One scenario replayed: each request's prompt, its render with the reply, without both."""

    scenario: Scenario
    requests: list[Request]
    prompts: list[Rendered]  # messages + generation prompt
    finals: list[Rendered]  # messages + reply, no generation prompt
    bases: list[Rendered]  # messages only, no generation prompt
    engine: str


class Renderer:
    def __init__(self, template: jinja2.Template, sandbox: Sandbox, variables: set[str]) -> None:
        self.template = template
        self.sandbox = sandbox
        self.variables = variables
        # Inputs the template requires and the check fills with "<name>".
        self.placeholders: dict[str, str] = {}

    def render(
        self,
        scenario: Scenario,
        messages: Sequence[Message],
        generation_prompt: bool,
        clock: datetime = BASE_CLOCK,
        seed: int = BASE_SEED,
        extra: dict[str, Any] | None = None,
    ) -> Rendered:
        self.sandbox.set(clock, seed)
        context: dict[str, Any] = {
            **self.sandbox.special_tokens,
            "messages": [alias_reasoning(m) for m in messages],
            "tools": scenario.tools_list(),
            "documents": scenario.documents_list(),
            "add_generation_prompt": generation_prompt,
            **self.placeholders,
            **scenario.kwargs,
            **(extra or {}),
        }
        return render_traced(self.template, context)


def replay_variants(renderer: Renderer, scenario: Scenario, report: RenderReport) -> Replay:
    """Replay a scenario; if the template rejects it, retry the inputs servers also send.

    Some templates concatenate tool-call arguments as a string (OpenAI's wire format)
    rather than reading an object; RAG templates need `documents`; some refuse a system
    message (Gemma 2), so the conversation goes without one. The first error is the one
    reported when no variant renders, or, when the conversation went without a system
    message, the error of that last attempt.
    """
    variants = [scenario]
    if scenario.tools:
        variants.append(replace(scenario, string_arguments=True))
    if "documents" in renderer.variables:
        variants.extend(replace(v, documents=True) for v in list(variants))
    if scenario.system:
        variants.extend(replace(v, system=False) for v in list(variants))
    first_error: Exception | None = None
    for variant in variants:
        try:
            requests = variant.requests()
            prompts, finals, bases = _replay(renderer, variant, requests, report)
            return Replay(variant, requests, prompts, finals, bases, renderer.sandbox.engine)
        except Exception as exc:  # a template is untrusted code: any error is its answer
            # "System role not supported" says less than why it fails without one.
            first_error = exc if first_error is None or not variant.system else first_error
    assert first_error is not None
    raise first_error


_UNDEFINED = re.compile(r"^'(\w+)' is undefined$")
MAX_PLACEHOLDERS = 8


def _replay(
    renderer: Renderer, scenario: Scenario, requests: list[Request], report: RenderReport
) -> tuple[list[Rendered], list[Rendered], list[Rendered]]:
    """Render every request with the generation prompt, with its reply, and with neither.

    A template input the caller must pass (a custom `chat_template_kwargs` value) gets a
    placeholder string, so the check can go on; the report lists those assumptions.
    """
    for _ in range(MAX_PLACEHOLDERS + 1):
        try:
            prompts = [renderer.render(scenario, r.messages, True) for r in requests]
            finals = [renderer.render(scenario, [*r.messages, r.reply], False) for r in requests]
            bases = [renderer.render(scenario, r.messages, False) for r in requests]
            return prompts, finals, bases
        except jinja2.UndefinedError as exc:
            match = _UNDEFINED.match(str(exc))
            name = match.group(1) if match else None
            if name is None or name not in renderer.variables or name in renderer.placeholders:
                raise
            renderer.placeholders[name] = f"<{name}>"
            report.assumed_inputs.append(name)
    raise RuntimeError("too many undefined template inputs")
