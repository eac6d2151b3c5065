from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.templates.rule import JinjaRule


class RenderIncomplete(JinjaRule):
    """
    ## What it does
    Says which conversations the render check could not replay through a chat template,
    and why: the template raised (a tool loop it rejects, a `reasoning_content` it cannot
    index), or transformers' sandbox — which vLLM and SGLang render templates in —
    refused it (`list.append` on a list the template built), in which case the check
    replays it as llama.cpp's engine does and says so. A scenario that did not run is
    never reported as passing.

    ## Why is this bad?
    A conversation the template cannot render is one a server cannot serve with it, and
    one whose prefix behaviour nobody has checked. A template that vLLM refuses for tool
    calls fails those requests in production even though it works in llama.cpp.

    ## Example
    ```jinja
    {%- for message in messages %}
        {%- if message.role == 'tool' %}{{ raise_exception('tool role not supported') }}{% endif %}
        {{- message.role + ': ' + (message.content or '') + '\\n' }}
    {%- endfor %}
    ```

    ## Use instead
    Support the inputs servers send (tool results, tool-call arguments as objects or JSON
    strings, `reasoning_content`), with only operations transformers' sandbox allows
    (build strings or namespaces instead of appending to lists).

    ## Fix safety
    No fix: what the template should do with that input is the author's call.
    """

    CODE = "PL302"
    NAME = "render-incomplete"
    SEVERITY = Severity.INFO
    MESSAGE = "the render check could not replay every conversation through this template"
    RENDER_CHECK = True

    VALID = [
        Valid(
            """
            {%- for message in messages %}
                {{- '<|im_start|>' + message.role + '\\n' + (message.content or '') + '<|im_end|>\\n' }}
            {%- endfor %}
            {%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            {%- for message in messages %}
                {%- if message.role == 'tool' %}{{ raise_exception('tool role not supported') }}{% endif %}
                {{- message.role + ': ' + (message.content or '') + '\\n' }}
            {%- endfor %}
            """,
            line=2,
            message_contains="tool role not supported",
        ),
    ]
