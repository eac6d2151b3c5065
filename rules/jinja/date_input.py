from collections.abc import Iterable

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.templates.analysis import REGION_WHERE, TemplateAnalysis
from promptlint.templates.rule import JinjaRule, TemplateHit


class DateInput(JinjaRule):
    """
    ## What it does
    Notes chat templates that print a date-like *input* — `date_string`, `current_date`,
    a `datetime` argument — before the conversation or into every message. Unlike
    `strftime_now(...)` (PL101), the template does not read a clock: the value is whatever
    the caller or server passes. With a constant default (Llama 3.1's `date_string`
    falls back to "26 Jul 2024") the prefix is stable; it changes only where a server
    fills the input with today's date (SGLang can), or where the caller passes a new value
    on each request. The render check confirms it by passing two dates.

    ## Why is this bad?
    It is not, as long as the value stays the same for every request of a conversation
    (and, for a shared system prefix, across conversations). A server or client that
    fills it with the date breaks the prefix once a day; one that fills it with the time,
    on every request — and everything after it is recomputed.

    ## Example
    ```jinja
    {%- if not date_string is defined %}{% set date_string = "26 Jul 2024" %}{% endif %}
    {{- "Today Date: " + date_string + "\\n\\n" }}
    ```

    ## Use instead
    Pass a fixed value, or leave it to the default; put the current date in the latest user
    message if the model needs it.

    ## Fix safety
    No fix: this is a note on how to call the template.
    """

    CODE = "PL105"
    NAME = "date-input"
    SEVERITY = Severity.INFO
    MESSAGE = "a date-like template input is printed into the cacheable prefix"
    RENDER_CHECK = True

    def check(self, analysis: TemplateAnalysis) -> Iterable[TemplateHit]:
        if not analysis.is_chat:
            return  # an application fills its own prompt inputs per request: PL101
        for printed, region, source in analysis.printed_sources("clock"):
            if not source.is_input:
                continue
            if source.fallback is not None:
                value = (
                    f"it falls back to the constant {source.fallback!r}, so the prefix is "
                    "stable unless a server fills it with today's date (SGLang can) or the "
                    "caller passes a new value"
                )
            else:
                value = (
                    "it has no default: the caller must pass it (chat_template_kwargs), "
                    "and must pass the same value on every request of a conversation"
                )
            yield TemplateHit(
                printed.line,
                analysis.column(printed.line, source.needle),
                f"`{source.label}` is a template input printed {REGION_WHERE[region]}; "
                f"{value}. Keep it constant: a value that changes recomputes everything "
                "after it.",
            )

    VALID = [
        Valid(
            """
            {{- 'Knowledge cutoff: ' + knowledge_cutoff_date + '\\n' }}
            {%- for message in messages %}
                {{- message.role + ': ' + message.content + '\\n' }}
            {%- endfor %}
            """
        ),
        Valid(
            """
            {{- "Today Date: " + strftime_now("%d %b %Y") + "\\n\\n" }}
            {%- for message in messages %}
                {{- message.role + ': ' + message.content + '\\n' }}
            {%- endfor %}
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            {%- if not date_string is defined %}
                {%- set date_string = "26 Jul 2024" %}
            {%- endif %}
            {{- "Cutting Knowledge Date: December 2023\\nToday Date: " + date_string }}
            {%- for message in messages %}
                {{- message.role + ': ' + message.content + '\\n' }}
            {%- endfor %}
            """,
            line=4,
            message_contains="falls back to the constant '26 Jul 2024'",
        ),
        Invalid(
            """
            {{- "The current date is " + current_date + ".\\n" }}
            {%- for message in messages %}
                {{- message.role + ': ' + message.content + '\\n' }}
            {%- endfor %}
            """,
            line=1,
            message_contains="the caller must pass it",
        ),
    ]
