import libcst as cst

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import FixSafety, Severity
from promptlint.python.frontend import PendingFix, PythonContext, PythonRule
from promptlint.python.index import string_value
from promptlint.python.values import UNSORTED_JSON, Taint

_HISTORY_KEYS = {"role", "tool_call_id", "tool_use_id", "arguments"}


def _keys(node: cst.Dict) -> set[str]:
    out = set()
    for el in node.elements:
        if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString):
            key = string_value(el.key)
            if isinstance(key, str):
                out.add(key)
    return out


class SchemaKeyOrder(PythonRule):
    """
    ## What it does
    Checks for `json.dumps(...)` without `sort_keys=True` whose text lands in the
    cacheable prefix: tool schemas rendered into a system prompt, documents, and tool
    calls and tool results kept in the conversation history.

    ## Why is this bad?
    Key order follows how the dict was built; data that went through a database, an API or
    another process comes back with its keys in another order, and the rendered bytes
    change. Anthropic: keep "keys in your tool_use content blocks" in a stable order;
    dspy #10227 lost its cache to a Postgres `jsonb` round trip; sglang #34553 saw the same
    tool arrive with `properties` and `required` swapped.

    ## Example
    ```python
    messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
    ```

    ## Use instead
    ```python
    messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result, sort_keys=True)})
    ```

    ## Fix safety
    Safe: `sort_keys=True` keeps the same JSON value and only fixes the key order. (Python
    cannot sort a dict whose keys mix types, such as `1` and `"a"`; JSON output rarely has
    those.) Calls that pass `**options` are not reported.
    """

    CODE = "PL202"
    NAME = "schema-key-order"
    SEVERITY = Severity.WARNING
    MESSAGE = "json.dumps without sort_keys=True renders text into the prefix"

    VALID = [
        Valid(
            """
            import json

            def tool_result(call_id, result):
                return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result, sort_keys=True)}

            def final_turn(question, facts):
                return {"role": "user", "content": question + "\\n" + json.dumps(facts)}
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import json

            def tool_result(call_id, result):
                return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result)}
            """,
            line=4,
            column=65,
            expected_replacement="""
            import json

            def tool_result(call_id, result):
                return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result, sort_keys=True)}
            """,
        ),
        Invalid(
            """
            import json
            import anthropic

            client = anthropic.Anthropic()

            def ask(schema, q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system="Reply with JSON matching this schema:\\n" + json.dumps(schema, indent=2),
                    messages=[{"role": "user", "content": q}],
                )
            """,
            line=9,
            column=60,
            expected_replacement="""
            import json
            import anthropic

            client = anthropic.Anthropic()

            def ask(schema, q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system="Reply with JSON matching this schema:\\n" + json.dumps(schema, indent=2, sort_keys=True),
                    messages=[{"role": "user", "content": q}],
                )
            """,
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        for use in ctx.uses(UNSORTED_JSON):
            self._report(ctx, use.taint, use.where)
        # Tool calls and tool results stay in the history: they are prefix from the next turn.
        for site in ctx.index.dicts:
            node = site.node
            assert isinstance(node, cst.Dict)
            if not _keys(node) & _HISTORY_KEYS:
                continue
            val = ctx.evaluator.eval(node, site.scope, site.at)
            if val.fields is None:
                continue
            role = val.role
            if role in ("tool", "function") or {"tool_call_id", "tool_use_id"} & set(val.fields):
                parts = [val.fields.get("content")]
                where = "a tool result kept in the history"
            elif "arguments" in val.fields and "name" in val.fields:
                parts = [val.fields.get("arguments")]
                where = "a tool call kept in the history"
            else:
                continue
            for part in parts:
                if part is None:
                    continue
                for taint in part.all_taints():
                    if taint.kind == UNSORTED_JSON:
                        self._report(ctx, taint, where)

    def _report(self, ctx: PythonContext, taint: Taint, where: str) -> None:
        fix = None
        node = taint.node
        if taint.fix == "sort_keys" and isinstance(node, cst.Call):
            new = node.with_changes(
                args=[
                    *node.args,
                    cst.Arg(
                        keyword=cst.Name("sort_keys"),
                        value=cst.Name("True"),
                        equal=cst.AssignEqual(
                            whitespace_before=cst.SimpleWhitespace(""),
                            whitespace_after=cst.SimpleWhitespace(""),
                        ),
                    ),
                ]
            )
            fix = PendingFix("add sort_keys=True", FixSafety.SAFE, node, ctx.code(new).strip())
        ctx.report(
            type(self),
            node,
            f"{taint.detail} renders JSON into {where}: its key order follows how the data "
            "was built, so the same data can render differently and miss the cache; "
            "pass sort_keys=True",
            fix,
        )
