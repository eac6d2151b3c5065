import re
from collections.abc import Iterable

from jinja2 import nodes

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Fix, FixSafety, Severity
from promptlint.templates.analysis import TemplateAnalysis, walk
from promptlint.templates.rule import JinjaRule, TemplateHit

# What each unsorted mapping iteration becomes when sorted by key.
SORTED = {"items": "|dictsort", "keys": "|sort", "values": "|dictsort|map(attribute=1)"}
_METHOD = re.compile(r"\.(items|keys|values)\(\s*\)")
_FILTER = re.compile(r"\|\s*items\b")


def _unsorted_iteration(node: nodes.For) -> str | None:
    """'items'/'keys'/'values' when the loop walks a mapping in its insertion order."""
    it = node.iter
    if (
        isinstance(it, nodes.Call)
        and isinstance(it.node, nodes.Getattr)
        and not it.args
        and it.node.attr in SORTED
    ):
        return it.node.attr
    if isinstance(it, nodes.Filter) and it.name == "items":
        return "items"
    return None


def _schema_properties(expr: nodes.Node) -> bool:
    """The loop walks a JSON schema's `properties` (a tool's parameters, wherever from)."""
    return any(isinstance(n, nodes.Getattr) and n.attr == "properties" for n, _ in walk(expr))


class SchemaKeyOrder(JinjaRule):
    """
    ## What it does
    Checks loops over a mapping in its insertion order — `.items()`, `.keys()`,
    `.values()` or `|items` — such as the properties of a tool's JSON schema, in chat
    templates (which render what the client sent) and wherever a schema's `properties`
    are walked. An application's own prompt template is filled by its code, which keeps
    the order it built: there the Python rule judges where the mapping comes from.

    ## Why is this bad?
    The mapping comes from the client's JSON, and its key order is whatever the client,
    a database round trip or an SDK produced. The same tool with `properties` in another
    order renders a different prompt, and the cache breaks at the tools block
    (sglang PR #34553 saw exactly this in production).

    ## Example
    ```jinja
    {%- for name, spec in tool.function.parameters.properties.items() %}
    ```

    ## Use instead
    ```jinja
    {%- for name, spec in tool.function.parameters.properties|dictsort %}
    ```

    ## Fix safety
    Unsafe: sorting changes the order the model sees the keys in (once), so it is applied
    only with `--unsafe-fixes`. Not offered for templates embedded in JSON files.
    """

    CODE = "PL202"
    NAME = "schema-key-order"
    SEVERITY = Severity.WARNING
    MESSAGE = "a loop over a mapping follows the key order the client sent"

    def check(self, analysis: TemplateAnalysis) -> Iterable[TemplateHit]:
        for node, _ in walk(analysis.tree):
            if not isinstance(node, nodes.For):
                continue
            kind = _unsorted_iteration(node)
            if kind is None:
                continue
            if not analysis.is_chat and not _schema_properties(node.iter):
                # An application's prompt template is filled by its own code, which keeps
                # the order it built (the Python rule judges where a mapping comes from);
                # a chat template renders what the client sent.
                continue
            line = node.lineno
            text = analysis.src.line_text(line)
            pattern = _FILTER if isinstance(node.iter, nodes.Filter) else _METHOD
            matches = list(pattern.finditer(text))
            fix = None
            column = 1
            if matches:
                column = matches[0].start() + 1
            if len(matches) == 1:
                start = analysis.src.template_offset(line, matches[0].start() + 1)
                fix = Fix(
                    f"iterate `{SORTED[kind]}` (sorted by key)",
                    FixSafety.UNSAFE,
                    start,
                    start + len(matches[0].group(0)),
                    SORTED[kind],
                )
            yield TemplateHit(
                line,
                column,
                f"this loop walks a mapping with `{kind}` in the order its keys arrived: the "
                "same schema or object with keys in another order renders a different prompt. "
                f"Iterate `{SORTED[kind]}` instead.",
                fix=fix,
            )

    VALID = [
        Valid(
            """
            Fill in the form. Fields:
            {% for label, value in form_fields.items() %}{{ label }}: {{ value }}
            {% endfor %}
            """
        ),
        Valid(
            """
            {%- for name, spec in tool.function.parameters.properties | dictsort %}
                {{- name + ': ' + spec.type + '\\n' }}
            {%- endfor %}
            """
        ),
        Valid(
            """
            {%- for message in messages %}{{ message.content }}{% endfor %}
            {%- for key in headers.keys() | sort %}{{ key }}{% endfor %}
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            {%- for tool in tools %}
                {%- for name, spec in tool.function.parameters.properties.items() %}
                    {{- name + ': ' + spec.type + '\\n' }}
                {%- endfor %}
            {%- endfor %}
            """,
            line=2,
            column=62,
            expected_replacement="""
            {%- for tool in tools %}
                {%- for name, spec in tool.function.parameters.properties|dictsort %}
                    {{- name + ': ' + spec.type + '\\n' }}
                {%- endfor %}
            {%- endfor %}
            """,
        ),
        Invalid(
            """
            {%- for key, value in metadata | items %}{{ key }}={{ value }} {% endfor %}
            {%- for message in messages %}{{ message.content }}{% endfor %}
            """,
            line=1,
            expected_replacement="""
            {%- for key, value in metadata |dictsort %}{{ key }}={{ value }} {% endfor %}
            {%- for message in messages %}{{ message.content }}{% endfor %}
            """,
        ),
    ]
