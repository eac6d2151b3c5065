"""Our sandbox renders chat templates exactly as transformers (and so vLLM) does."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.templates.conversations import SCENARIOS
from promptlint.templates.sandbox import Sandbox, alias_reasoning
from promptlint.templates.tracing import render_traced

DATA = Path(__file__).parent.parent / "data" / "templates"
# Clock and random values differ between the two renderers by design.
TEMPLATES = sorted(
    p
    for p in DATA.rglob("*.jinja")
    if "strftime_now" not in p.read_text() and "random" not in p.read_text()
)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_same_text_as_transformers(path: Path) -> None:
    chat_template_utils = pytest.importorskip("transformers.utils.chat_template_utils")
    source = path.read_text()
    sandbox = Sandbox()
    template = sandbox.compile(source)
    compared = 0
    for scenario in SCENARIOS:
        for string_arguments in (False, True):
            if string_arguments and not scenario.tools:
                continue
            variant = scenario.__class__(
                **{**scenario.__dict__, "string_arguments": string_arguments}
            )
            for request in variant.requests():
                for messages, generation in (
                    (request.messages, True),
                    ([*request.messages, request.reply], False),
                ):
                    try:
                        ours = render_traced(
                            template,
                            {
                                **sandbox.special_tokens,
                                "messages": [alias_reasoning(m) for m in messages],
                                "tools": variant.tools_list(),
                                "documents": None,
                                "add_generation_prompt": generation,
                            },
                        ).text
                    except Exception:
                        continue  # the template rejects this conversation; so would transformers
                    rendered, _ = chat_template_utils.render_jinja_template(
                        conversations=[messages],
                        tools=variant.tools_list(),
                        chat_template=source,
                        add_generation_prompt=generation,
                        **sandbox.special_tokens,
                    )
                    assert rendered[0] == ours
                    compared += 1
    assert compared > 0


def test_reasoning_is_visible_under_thinking_like_transformers_passes_it() -> None:
    chat_template_utils = pytest.importorskip("transformers.utils.chat_template_utils")
    source = "{% for m in messages %}{{ m.thinking or '-' }}|{{ m.content }}\n{% endfor %}"
    messages = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "a", "reasoning_content": "why"},
    ]
    sandbox = Sandbox()
    ours = render_traced(
        sandbox.compile(source), {"messages": [alias_reasoning(m) for m in messages]}
    ).text
    theirs, _ = chat_template_utils.render_jinja_template(
        conversations=[messages], chat_template=source
    )
    assert ours == theirs[0] == "-|q\nwhy|a\n"
