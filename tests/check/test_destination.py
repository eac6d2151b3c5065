"""Where a request goes, read from the code that sends it, and the one-shot threshold that
follows: the cache's own minimum where the code names the destination, else 1024 tokens,
and a team's `one-shot-min-tokens` everywhere."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from promptlint.check.config import ONE_SHOT_MIN_TOKENS, CheckConfig, parse_config
from promptlint.check.engine import check_text
from promptlint.commands.check import cache_minimum
from promptlint.python.destination import ONE_SHOT_FLOOR_TOKENS, Destination
from promptlint.python.flow import Evaluator
from promptlint.python.frontend import PythonContext
from promptlint.python.index import build_index
from promptlint.python.parse import parse_module
from promptlint.wire.apis import LOCAL
from rules.python.dynamic_before_static import DynamicBeforeStatic


def destinations(source: str) -> list[Destination | None]:
    text = textwrap.dedent(source)
    module = parse_module(text)
    index = build_index(module)
    ctx = PythonContext("app.py", text, module, index, Evaluator(index, {}), CheckConfig())
    return [r.destination for r in ctx.requests]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # The SDK's client with its own address, made in __init__ and used in a method.
        (
            """
            from anthropic import Anthropic

            class Grader:
                def __init__(self):
                    self.client = Anthropic()

                def grade(self, text):
                    return self.client.messages.create(
                        model="claude-haiku-4-5", max_tokens=5,
                        messages=[{"role": "user", "content": text}],
                    )
            """,
            Destination("anthropic", "claude-haiku-4-5"),
        ),
        # A literal address of a self-hosted server and a model no provider serves.
        (
            """
            from openai import OpenAI
            client = OpenAI(base_url="http://gpu1:8000/v1", api_key="none")

            def ask(q):
                return client.chat.completions.create(
                    model="Qwen/Qwen3-8B", messages=[{"role": "user", "content": q}]
                )
            """,
            Destination(LOCAL, "Qwen/Qwen3-8B"),
        ),
        # The module-level client.
        (
            """
            import openai

            def ask(q):
                return openai.chat.completions.create(
                    model="gpt-4o", messages=[{"role": "user", "content": q}]
                )
            """,
            Destination("openai", "gpt-4o"),
        ),
        # LiteLLM names the engine in the model.
        (
            """
            import litellm

            def ask(q):
                return litellm.completion(
                    model="hosted_vllm/meta-llama/Llama-3.1-8B",
                    messages=[{"role": "user", "content": q}],
                )
            """,
            Destination(LOCAL, "meta-llama/Llama-3.1-8B"),
        ),
    ],
)
def test_the_code_names_where_the_request_goes(source: str, expected: Destination) -> None:
    assert destinations(source) == [expected]


@pytest.mark.parametrize(
    "source",
    [
        # A client handed in: it may point anywhere.
        """
        def ask(client, q):
            return client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": q}]
            )
        """,
        # The address comes from the environment.
        """
        import os
        from openai import OpenAI
        client = OpenAI(base_url=os.environ["LLM_URL"])

        def ask(q):
            return client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": q}]
            )
        """,
        # The model comes from the settings.
        """
        import litellm

        def ask(settings, q):
            return litellm.completion(
                model=settings.model, messages=[{"role": "user", "content": q}]
            )
        """,
    ],
)
def test_where_the_code_does_not_say_the_destination_is_unknown(source: str) -> None:
    assert destinations(source) == [None]


def test_the_threshold_is_the_caches_minimum_with_a_floor() -> None:
    assert Destination("anthropic", "claude-haiku-4-5").one_shot_min_tokens(cache_minimum) == 4096
    assert Destination("openai", "gpt-4o").one_shot_min_tokens(cache_minimum) == 1024
    assert Destination(None, "claude-haiku-4-5").one_shot_min_tokens(cache_minimum) == 4096
    assert Destination(LOCAL, "llama3").one_shot_min_tokens(None) == ONE_SHOT_FLOOR_TOKENS


def test_without_the_price_data_a_hosted_destination_is_unknown() -> None:
    assert Destination("anthropic", "claude-haiku-4-5").one_shot_min_tokens(None) is None


def test_a_teams_setting_applies_to_every_request() -> None:
    assert CheckConfig().one_shot_tokens() == ONE_SHOT_MIN_TOKENS
    assert CheckConfig().one_shot_tokens(4096) == 4096
    set_to = parse_config({"one-shot-min-tokens": 300}, "promptlint.toml", Path.cwd())
    assert set_to.one_shot_tokens(4096) == set_to.one_shot_tokens() == 300


GUIDE = "Answer in the customer's language and cite the order number. " * 30  # ~460 tokens
ONE_SHOT = f'''
from openai import OpenAI
client = OpenAI({{address}})
RULES = """{GUIDE}"""

def reply(ticket):
    return client.chat.completions.create(
        model="Qwen/Qwen3-8B",
        messages=[{{{{"role": "user", "content": f"Ticket: {{{{ticket}}}}\\n{{{{RULES}}}}"}}}}],
    )
'''


@pytest.mark.parametrize(
    ("address", "reported"),
    [
        ('base_url="http://localhost:8000/v1"', True),  # an engine: every block is cached
        ("", False),  # OpenAI's own address: 460 tokens are under its 1024
        ("base_url=URL", False),  # unknown: the hosted minimum
    ],
)
def test_a_one_shot_template_is_reported_by_where_it_goes(address: str, reported: bool) -> None:
    source = ONE_SHOT.format(address=address)
    out = check_text("app.py", source, [DynamicBeforeStatic], CheckConfig())
    assert not out.errors
    assert bool(out.findings) is reported, [f.message for f in out.findings]
