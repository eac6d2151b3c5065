from collections.abc import Iterable

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.templates.analysis import TemplateAnalysis
from promptlint.templates.rule import JinjaRule, TemplateHit


class VolatileRandom(JinjaRule):
    """
    ## What it does
    Checks templates that print a random choice: the `random` filter, `lipsum()`, or
    `random(...)`-style helpers an application registers. The render check confirms it by
    rendering with two random seeds.

    ## Why is this bad?
    A greeting, persona or few-shot example picked at random gives a different prompt on
    every request; the prefix cache hits only when the dice repeat, and everything after
    the random text is recomputed.

    ## Example
    ```jinja
    {{- '<|im_start|>system\\n' + (greetings | random) + ' ' + system_message }}
    ```

    ## Use instead
    ```jinja
    {{- '<|im_start|>system\\n' + greetings[0] + ' ' + system_message }}
    ```

    ## Fix safety
    No automatic fix: which text to keep is the author's call.
    """

    CODE = "PL103"
    NAME = "volatile-random"
    SEVERITY = Severity.WARNING
    MESSAGE = "a random choice is printed into the prompt"
    RENDER_CHECK = True

    def check(self, analysis: TemplateAnalysis) -> Iterable[TemplateHit]:
        for printed, _, source in analysis.printed_sources("random", with_generation_prompt=True):
            via = f" (line {source.line}, through `{source.via}`)" if source.via else ""
            yield TemplateHit(
                printed.line,
                analysis.column(printed.line, source.needle),
                f"`{source.label}`{via} prints a random choice: each request gets a "
                "different prompt from here on, and everything after it is recomputed. "
                "Pick deterministically (a fixed item, or one chosen per user).",
            )

    VALID = [
        Valid(
            """
            {%- set greetings = ['Hello!', 'Hi there!'] %}
            {{- greetings | first }} {{ system_message }}
            {%- for message in messages %}{{ message.content }}{% endfor %}
            """
        ),
        Valid(
            """
            Choose one of: {{ options | sort | join(', ') }}.
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            {%- set greetings = ['Hello!', 'Hi there!', 'Welcome back!'] %}
            {{- '<|im_start|>system\\n' + (greetings | random) + '<|im_end|>\\n' }}
            {%- for message in messages %}
                {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
            {%- endfor %}
            """,
            line=2,
            column=43,
        ),
        Invalid(
            """
            {%- set persona = ['a pirate', 'a butler'] | random %}
            You answer like {{ persona }}. Keep answers short.
            """,
            line=2,
            message_contains="through `persona`",
        ),
    ]
