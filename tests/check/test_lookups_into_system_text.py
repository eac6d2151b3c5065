"""What is looked up for a turn and placed in the system text the history follows (PL104):
the function's text is its work's return, not its `except` fallback, and what names the
search for the store (a request id) is not in what it finds."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst

from promptlint.python.flow import Evaluator
from promptlint.python.index import build_index
from promptlint.python.values import STATE

from .test_qa_regressions import _check


def test_an_except_handlers_return_is_the_fallback_not_the_functions_text() -> None:
    source = textwrap.dedent(
        """
        def extend(prompt, question):
            try:
                found = store.search(question)
                return prompt + "\\n" + found
            except Exception:
                log("no memories")
                return prompt
        """
    )
    evaluator = Evaluator(build_index(cst.parse_module(source)))
    (scope,) = evaluator.index.scope_of_function.values()
    returned = evaluator.returned(scope)
    assert returned is not None and returned.parts is not None
    # The parts are the try's text (the lookup is in them), not the bare parameter.
    assert any(t.kind == STATE for p in returned.text_parts() for t in getattr(p, "taints", ()))


def test_a_request_id_given_to_a_lookup_is_not_in_what_it_finds(tmp_path: Path) -> None:
    findings = _check(
        tmp_path,
        """
        import uuid

        class Enhancer:
            async def enhance_system_prompt(self, system_prompt, user_message, user):
                if not self.agent_memory:
                    return system_prompt
                try:
                    context = ToolContext(user=user, request_id=str(uuid.uuid4()))
                    memories = await self.agent_memory.search_text_memories(
                        query=user_message, context=context, limit=5
                    )
                    section = "\\n## Relevant context\\n"
                    for result in memories:
                        section += f"- {result.memory.content}\\n"
                    return system_prompt + section
                except Exception:
                    return system_prompt
        """,
    )
    assert [(f.code, f.line) for f in findings] == [("PL104", 9)]
