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
    Checks for `json.dumps(...)` without `sort_keys=True` of data whose key order is
    decided outside the code, when the text lands in the cacheable prefix (a system
    prompt, a document) or in a tool call or tool result kept in the conversation history.
    Such data: rows read from a database (`fetchone()`, `fetchall()`, `fetchrow()`: a
    PostgreSQL `jsonb` column gives its keys back in its own order), Redis hashes
    (`hgetall()`), `**kwargs` (the caller's keyword order), and dicts built by iterating a
    set. The value is followed through assignments, `json.loads`, helpers and modules.

    ## Why is this bad?
    The same data rendered with its keys in another order is another prefix: the cache
    misses. Anthropic: keep "keys in your tool_use content blocks" in a stable order;
    dspy #10227 lost its cache to a Postgres `jsonb` round trip; sglang #34553 saw the
    same tool arrive with `properties` and `required` swapped.

    Not reported, because the same code path gives the same bytes: a dict literal with
    constant keys, a pydantic `model_json_schema()`, a dataclass, a value of unknown origin
    passed in, and a string serialised once and then kept in the history.

    ## Example
    ```python
    row = cur.execute("SELECT profile FROM users WHERE id = %s", (uid,)).fetchone()
    system = f"Customer profile:\\n{json.dumps(row[0])}\\n\\n{POLICY}"
    ```

    ## Use instead
    ```python
    system = f"Customer profile:\\n{json.dumps(row[0], sort_keys=True)}\\n\\n{POLICY}"
    ```

    ## Fix safety
    Safe: `sort_keys=True` keeps the same JSON value and only fixes the key order. (Python
    cannot sort a dict whose keys mix types, such as `1` and `"a"`; JSON output rarely has
    those.) Calls that pass `**options` are not reported.
    """

    CODE = "PL202"
    NAME = "schema-key-order"
    SEVERITY = Severity.WARNING
    MESSAGE = "JSON of data with outside key order rendered into the prefix without sort_keys"

    VALID = [
        Valid(
            """
            import json

            def tool_result(call_id, result):
                return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result)}

            def tool_call(call_id, path):
                args = json.dumps({"path": path, "recursive": False})
                return {"role": "assistant", "tool_calls": [
                    {"id": call_id, "type": "function", "function": {"name": "ls", "arguments": args}}
                ]}

            def final_turn(question, cur):
                facts = cur.fetchone()
                return {"role": "user", "content": question + "\\n" + json.dumps(facts)}
            """
        ),
        Valid(
            """
            import json
            from pydantic import BaseModel
            import anthropic

            client = anthropic.Anthropic()

            class Answer(BaseModel):
                text: str

            def ask(q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system="Reply as JSON:\\n" + json.dumps(Answer.model_json_schema(), indent=2),
                    messages=[{"role": "user", "content": q}],
                )
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import json

            def tool_result(call_id, db, order_id):
                row = db.execute("SELECT data FROM orders WHERE id = %s", (order_id,)).fetchone()
                return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(row)}
            """,
            line=5,
            column=65,
            expected_replacement="""
            import json

            def tool_result(call_id, db, order_id):
                row = db.execute("SELECT data FROM orders WHERE id = %s", (order_id,)).fetchone()
                return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(row, sort_keys=True)}
            """,
        ),
        Invalid(
            """
            import json
            import anthropic

            client = anthropic.Anthropic()

            def ask(q, **filters):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system="Search with these filters:\\n" + json.dumps(filters, indent=2),
                    messages=[{"role": "user", "content": q}],
                )
            """,
            line=9,
            column=49,
            message_contains="**filters",
            expected_replacement="""
            import json
            import anthropic

            client = anthropic.Anthropic()

            def ask(q, **filters):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system="Search with these filters:\\n" + json.dumps(filters, indent=2, sort_keys=True),
                    messages=[{"role": "user", "content": q}],
                )
            """,
        ),
        Invalid(
            """
            import json
            import redis
            from openai import OpenAI

            client = OpenAI()
            cache = redis.Redis()

            def answer(session_id, question):
                profile = cache.hgetall(f"profile:{session_id}")
                system = "Known about the customer: " + json.dumps(profile)
                return client.chat.completions.create(model="gpt-4o", messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": question},
                ])
            """,
            line=10,
            column=45,
            message_contains="Redis hash",
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
            f"{taint.detail} renders JSON into {where}: its key order is decided outside "
            f"the code ({taint.source}), so the same data can render differently and miss "
            "the cache; pass sort_keys=True",
            fix,
        )
