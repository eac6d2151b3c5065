from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.templates.rule import JinjaRule


class HistoryRewrite(JinjaRule):
    """
    ## What it does
    Replays synthetic conversations through a chat template (with and without a system
    message, with tools and an agent loop, with reasoning in `<think>…</think>` and in
    `reasoning_content`) in the sandbox model servers use, and checks that what the engine
    holds after each request — the prompt plus the reply as generated — is a prefix of the
    next request's render. Reports the first differing position, both snippets, the
    template lines that printed them, and what it costs per turn.

    ## Why is this bad?
    Templates that strip reasoning from earlier assistant turns, or render the system
    prompt with the latest user message, rewrite history: every new turn the engine
    (vLLM, SGLang, llama.cpp) recomputes everything after the first changed token —
    in agent loops, the whole previous tool loop (Qwen3.8 #131, hermes-agent #27339).

    A template is replayed as a chat template when it is a chat-template file or reads a
    message's `role` or `content` from its `messages`: a `messages` input only printed
    whole (`{{ message }}`, a list of texts) is the content of one message, not the turns.

    ## Example
    ```jinja
    {%- if loop.index0 > ns.last_user %}{{ '<think>\\n' + reasoning + '\\n</think>\\n\\n' }}{% endif %}
    ```

    ## Use instead
    ```jinja
    {#- render every assistant turn the way the model generated it, reasoning included #}
    {{- '<think>\\n' + reasoning + '\\n</think>\\n\\n' }}
    ```

    ## Fix safety
    No automatic fix: keeping reasoning in history costs context; the trade-off is the
    author's.
    """

    CODE = "PL301"
    NAME = "history-rewrite"
    SEVERITY = Severity.WARNING
    MESSAGE = "the template renders earlier turns differently once a new turn arrives"
    RENDER_CHECK = True

    VALID = [
        Valid(
            """
            {%- for message in messages %}
                {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
            {%- endfor %}
            {%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}
            """
        ),
        # `messages` here is a list of texts attached to one prompt (no role, no content
        # read from them): one message of the conversation, not its turns.
        Valid(
            """
            These are the chat messages attached to the request, most recent first.
            {% for message in messages %}
            {{ message }}
            {% endfor %}
            When you are done, summarise the changes and ask before pushing them.
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            {%- set ns = namespace(last_user=-1) %}
            {%- for message in messages %}
                {%- if message.role == 'user' %}{% set ns.last_user = loop.index0 %}{% endif %}
            {%- endfor %}
            {%- for message in messages %}
                {%- if message.role == 'assistant' and message.reasoning_content %}
                    {%- if loop.index0 > ns.last_user %}
                        {{- '<|im_start|>assistant\\n<think>\\n' + message.reasoning_content }}
                        {{- '\\n</think>\\n\\n' + message.content + '<|im_end|>\\n' }}
                    {%- else %}
                        {{- '<|im_start|>assistant\\n' + message.content + '<|im_end|>\\n' }}
                    {%- endif %}
                {%- else %}
                    {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
                {%- endif %}
            {%- endfor %}
            {%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}
            """,
            line=8,
            message_contains="In production:",
        ),
        Invalid(
            """
            {%- set system = messages[0].content if messages[0].role == 'system' else '' %}
            {%- for message in messages if message.role != 'system' %}
                {%- if loop.last and system %}
                    {{- '[INST] ' + system + '\\n\\n' + message.content + '[/INST]' }}
                {%- elif message.role == 'user' %}
                    {{- '[INST] ' + message.content + '[/INST]' }}
                {%- else %}
                    {{- ' ' + message.content + '</s>' }}
                {%- endif %}
            {%- endfor %}
            """,
            line=4,
            message_contains="system prompt moves",
        ),
    ]
