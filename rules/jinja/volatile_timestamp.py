from collections.abc import Iterable

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.templates.analysis import REGION_WHERE, Source, TemplateAnalysis, static_around
from promptlint.templates.rule import JinjaRule, TemplateHit

# Static text after a date at the end of a prompt template too short to be a cached prefix
# (about one 16-token vLLM block).
TRAILING_STATIC_CHARS = 80
EFFECT = {
    "before": "the prefix changes whenever it does, and everything after it is recomputed",
    "inside": "every request re-renders the whole history and nothing after the first "
    "message is reused",
    "prompt": "if this text is a system prompt or an early message, everything after it is "
    "recomputed whenever the value changes",
    "head": "every request made after it changes misses the cache for the rest of the prompt",
}


def describe(source: Source) -> str:
    fallback = f"; it falls back to {source.fallback!r}" if source.fallback else ""
    if source.is_input:
        return (
            f"`{source.label}` (a template input that holds today's date when the caller or "
            f"server fills it{fallback})"
        )
    via = f" (line {source.line}, through `{source.via}`{fallback})" if source.via else ""
    return f"the current time from `{source.label}`{via}"


class VolatileTimestamp(JinjaRule):
    """
    ## What it does
    Checks templates that print the current date or time — `strftime_now(...)`, `now()`,
    `datetime.now()`, or an application prompt's `current_time` input — before the
    conversation (the system header) or into every message. The render check confirms it
    by rendering at two clock times. A chat template's date *input* (`date_string`) is not
    a clock: PL105 notes it. A date on the last line of a prompt template (a one-shot
    prompt, unless its name says `system`), after its static text, leaves nothing of it to
    recompute and is not reported. In a prompt file in role sections (`# instruction`, few-
    shot `# input` / `# output` pairs, the final `# input`, as `.prompt` loaders read them)
    a date anywhere before the final input is in the prefix, whatever the file is called;
    one in the final input is this request's turn.

    ## Why is this bad?
    Prefix caches reuse the longest unchanged prefix. A date in the system header changes
    the prefix every day (a time, on every request): everything after it — the whole
    conversation — is recomputed and billed again (llama.cpp #22178, sglang #3296).

    ## Example
    ```jinja
    {{- "Today Date: " + strftime_now("%d %b %Y") + "\\n\\n" }}
    {{- system_message }}
    ```

    ## Use instead
    ```jinja
    {{- system_message }}
    {#- the application puts the date into the latest user message #}
    ```

    ## Fix safety
    No automatic fix: where the date belongs is the author's call.
    """

    CODE = "PL101"
    NAME = "volatile-timestamp"
    SEVERITY = Severity.WARNING
    MESSAGE = "the current date or time is printed into the cacheable prefix"
    RENDER_CHECK = True

    def check(self, analysis: TemplateAnalysis) -> Iterable[TemplateHit]:
        if analysis.is_user_turn_file:
            return
        for printed, region, source in analysis.printed_sources("clock"):
            if source.is_input and analysis.is_chat:
                # A chat template's date input is what the caller passes, not a clock the
                # template reads: PL105 notes it.
                continue
            if region == "prompt" and not analysis.is_system_file:
                before, after = static_around(analysis.tree, printed.expr)
                if after < min(TRAILING_STATIC_CHARS, before):
                    # The date closes a prompt template ("Current datetime: ..." as its
                    # last line): nothing of the template after it could be cached.
                    continue
            yield TemplateHit(
                printed.line,
                analysis.column(printed.line, source.needle),
                f"{describe(source)} is printed {REGION_WHERE[region]}: {EFFECT[region]}. "
                "Put the date in the latest user message instead.",
            )

    VALID = [
        Valid(
            """
            # instruction
            You write search queries for a corpus. Write one query per line, or "None" when
            no search is needed; take the date into account for recent events.

            # input
            User: who won the last world cup?

            # output
            2022 FIFA World Cup final winner

            # input
            Today's date is {{ today }}.
            {{ dlg_history }}
            """
        ),
        Valid(
            """
            {%- for message in messages %}
                {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
            {%- endfor %}
            {%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}
            """
        ),
        Valid(
            """
            {{- 'Knowledge cutoff: ' + knowledge_cutoff_date + '\\n' }}
            {%- for message in messages %}
                {%- if message.sent_at is defined %}[{{ message.sent_at }}] {% endif %}
                {{- message.role + ': ' + message.content + '\\n' }}
            {%- endfor %}
            """
        ),
        Valid(
            """
            You are a form-filling agent. Fill each field from the user's details, keep the
            date formats the page asks for, and never invent a value that is not given.
            Reply with JSON only.
            Current datetime, ISO format:
            {{ local_datetime }}
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            # instruction
            You write search queries for a corpus. Today's date is {{ today }}.
            Write one query per line, or "None" when no search is needed.

            # input
            User: who won the last world cup?

            # output
            2022 FIFA World Cup final winner

            # input
            {{ dlg_history }}
            """,
            line=2,
            column=59,
            message_contains="few-shot",
        ),
        Invalid(
            """
            {%- if strftime_now is defined %}
                {%- set date_string = strftime_now("%d %b %Y") %}
            {%- else %}
                {%- set date_string = "26 Jul 2024" %}
            {%- endif %}
            {{- "<|start_header_id|>system<|end_header_id|>\\n\\n" }}
            {{- "Today Date: " + date_string + "\\n\\n<|eot_id|>" }}
            {%- for message in messages %}
                {{- '<|start_header_id|>' + message.role + '<|end_header_id|>\\n\\n' }}
                {{- message.content + '<|eot_id|>' }}
            {%- endfor %}
            """,
            line=7,
            column=22,
            message_contains="strftime_now",
        ),
        Invalid(
            """
            {%- for message in messages %}
                {{- '[' + strftime_now('%H:%M') + '] ' + message.content + '\\n' }}
            {%- endfor %}
            """,
            line=2,
            message_contains="inside the conversation loop",
        ),
        Invalid(
            """
            Current time: {{ now() }}.
            You are the support assistant of Harbor. Be concise.
            """,
            line=1,
            column=18,
        ),
    ]
