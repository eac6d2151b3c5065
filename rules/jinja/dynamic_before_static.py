from collections.abc import Iterable

from jinja2 import nodes

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.templates.analysis import (
    CHAT_INPUTS,
    TemplateAnalysis,
    is_clock_name,
    is_per_request_name,
    static_around,
    walk,
)
from promptlint.templates.rule import JinjaRule, TemplateHit

# Static text shorter than this after a per-request value is not worth reordering for
# (about one 16-token vLLM block of English text).
MIN_STATIC_CHARS = 80


def _per_request_names(analysis: TemplateAnalysis, expr: nodes.Node) -> list[str]:
    names = []
    for node, parents in walk(expr):
        if any(_chooses_constant(p, node, parents) for p in parents):
            continue
        if (
            isinstance(node, nodes.Name)
            and node.ctx == "load"
            and node.name in analysis.undeclared
            and node.name not in CHAT_INPUTS
            and is_per_request_name(node.name)
            and not is_clock_name(node.name)  # PL101's business
        ):
            names.append(node.name)
    return names


def _chooses_constant(
    parent: nodes.Node, node: nodes.Node, parents: tuple[nodes.Node, ...]
) -> bool:
    """`node` is in the test of `{{ "three" if is_search else "two" }}`: the value picks one
    of two constant texts, and each of the two prompts is cached on its own."""
    return (
        isinstance(parent, nodes.CondExpr)
        and isinstance(parent.expr1, nodes.Const)
        and (parent.expr2 is None or isinstance(parent.expr2, nodes.Const))
        and any(p is parent.test for p in (*parents, node))
    )


def _static_length(node: nodes.Node, end: int | None = None) -> int:
    """Characters of static text `node` prints (those before line `end`, if given)."""
    if isinstance(node, nodes.TemplateData):
        data = node.data
        if end is not None:
            data = "\n".join(data.split("\n")[: max(end - node.lineno, 0)])
        return len(data.strip())
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return len(node.value.strip())
    return 0


class DynamicBeforeStatic(JinjaRule):
    """
    ## What it does
    Checks templates that print a per-request value (the user's name, the question,
    retrieved documents, session data) before a block of static text — such as
    `You are talking to {{ user_name }}.` at the top of a long system prompt.

    In a prompt template with no conversation in it (a one-shot prompt, unless its name
    says `system`), the static text the inputs come after is already a prefix: it is
    reported only where most of the static text follows the first per-request value. Text
    in the other branches of the `if`s around the value is not counted, and a value that
    only picks one of two constant texts (`{{ "three" if is_search else "two" }}`) makes
    two prompts that are each cached, not a break. A template that prints the user's own
    message (`{{ user_message }}`, `{{ new_message }}`) renders a user turn of a
    conversation: the final turn when sent, kept as sent afterwards, so nothing in it is a
    prefix. A prompt file in role sections (`# instruction`, then few-shot `# input` /
    `# output` pairs, then the final `# input`) is a whole request: its system message and
    examples are the prefix, and the final input, this request's turn, is not.

    ## Why is this bad?
    A prefix cache reuses text only up to the first difference. Static instructions
    placed after a per-request value differ in position for every user, so they are
    recomputed on every request instead of being shared by all of them.

    ## Example
    ```jinja
    You are talking to {{ user_name }}.
    You are the support assistant of Harbor... (long, static)
    ```

    ## Use instead
    ```jinja
    You are the support assistant of Harbor... (long, static)
    You are talking to {{ user_name }}.
    ```

    ## Fix safety
    No automatic fix: moving text changes what the model reads first.
    """

    CODE = "PL104"
    NAME = "dynamic-before-static"
    SEVERITY = Severity.WARNING
    MESSAGE = "a per-request value is printed before static text"

    def check(self, analysis: TemplateAnalysis) -> Iterable[TemplateHit]:
        if analysis.is_user_turn_file or (
            analysis.prints_user_message and analysis.final_input is None
        ):
            return
        loop = analysis.conversation_loop
        # A prompt file in role sections: only what comes before its final input is prefix.
        end = analysis.final_input
        first: tuple[int, str] | None = None
        first_node: nodes.Node | None = None
        names: list[str] = []
        static_after = 0
        for node, parents in walk(analysis.tree):
            if node is loop:
                break  # only the part before the conversation is shared by all requests
            if end is not None and getattr(node, "lineno", 0) >= end:
                break
            if not isinstance(node, nodes.Output) or any(
                isinstance(p, (nodes.AssignBlock, nodes.Macro)) for p in parents
            ):
                continue
            for child in node.nodes:
                if end is not None and child.lineno >= end:
                    break
                if first is not None:
                    static_after += _static_length(child, end)
                for name in _per_request_names(analysis, child):
                    names.append(name)
                    if first is None:
                        first = (child.lineno, name)
                        first_node = child
        if first is None or first_node is None:
            return
        if loop is None and end is None and not analysis.is_system_file:
            # A prompt template (no conversation in it): the static text the inputs come
            # after is already a prefix, so a reorder only pays where most of it follows
            # the first per-request value. The other branches of the `if`s around the
            # value are not printed with it.
            before, static_after = static_around(analysis.tree, first_node)
            if static_after <= before:
                return
        if static_after < MIN_STATIC_CHARS:
            return
        line, name = first
        shown = ", ".join(f"`{n}`" for n in dict.fromkeys(names))
        yield TemplateHit(
            line,
            analysis.column(line, name),
            f"per-request {shown} printed before {static_after:,} characters of static text: "
            "that text moves with the value and is recomputed for every request instead of "
            "being cached once. Print the static text first.",
        )

    VALID = [
        Valid(
            """
            # instruction
            You answer questions about orders. Reply in one short paragraph, cite the order
            number, and never promise a delivery date.

            # input
            Where is my parcel?

            # output
            It left the warehouse yesterday (order 1182).

            # input
            Customer: {{ customer_name }}
            {{ user_message }}
            Answer from the order history above; say so when it does not cover the question.
            """
        ),
        Valid(
            """
            You are a browser agent. Pick the next action on the page for the user's goal.
            Reply with JSON: {"action": "click" | "input" | "done", "element_id": str}.
            Never click an element that is not in the list, and stop when the goal is met.
            User goal: {{ user_goal }}
            Elements on the page:
            {{ elements }}
            Action history from previous steps:
            {{ action_history }}
            """
        ),
        Valid(
            """
            You have {{ "three" if is_search else "two" }} goals: check whether suggestions
            appear after the input, pick the best one for the goal, and say so when none fits
            the field. Reply with JSON only, with the element id of the option you chose.
            """
        ),
        Valid(
            """
            You are the support assistant of Harbor, a documentation platform. Be concise,
            cite the page you used, and say so when the documentation does not cover it.
            You are talking to {{ user_name }}.
            """
        ),
        Valid(
            """
            {{ model_name }} is the support assistant of Harbor, a documentation platform.
            Be concise, cite the page you used, and say so when the docs do not cover it.
            """
        ),
        Valid(
            """
            You have received a follow-up message about issue {{ issue_key }}.
            User's new message: {{ user_message }}
            The latest issue title and description are below, in case the user added context
            since the last message. Compare them with what you knew, then continue the task.
            Title: {{ issue_title }}
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            # instruction
            You answer questions about {{ customer_account }}'s orders. Reply in one short
            paragraph, cite the order number, and never promise a delivery date.

            # input
            Where is my parcel?

            # output
            It left the warehouse yesterday (order 1182).

            # input
            {{ question }}
            """,
            line=2,
            column=31,
        ),
        Invalid(
            """
            You are talking to {{ user_name }}.
            You are the support assistant of Harbor, a documentation platform. Be concise,
            cite the page you used, and say so when the documentation does not cover it.
            """,
            line=1,
            column=23,
        ),
        Invalid(
            """
            {{- '<|im_start|>system\\nRelevant documents:\\n' + retrieved_context + '\\n\\n' }}
            {{- 'You are the support assistant of Harbor, a documentation platform. Be concise '
                'and cite the page you used.<|im_end|>\\n' }}
            {%- for message in messages %}
                {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
            {%- endfor %}
            """,
            line=1,
            message_contains="retrieved_context",
        ),
    ]
