"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_search.py (lines 16-163), trimmed; not the original text."""

from app.data_structures import MessageThread
from app.model import common

SYSTEM_PROMPT = "You are a software developer maintaining a large project."
SELECT_PROMPT = "Based on the issue, you can use the following search APIs to get more context of the project."
ANALYZE_PROMPT = "Let's analyze collected context first."


def prepare_issue_prompt(problem_stmt: str) -> str:
    lines = [x.strip() for x in problem_stmt.split("\n") if x.strip()]
    return "<issue>" + "\n".join(lines) + "\n</issue>"


def generator(issue_stmt: str):
    msg_thread = MessageThread()
    msg_thread.add_system(SYSTEM_PROMPT)
    msg_thread.add_user(prepare_issue_prompt(issue_stmt))
    msg_thread.add_user(SELECT_PROMPT)
    while True:
        res_text, *_ = common.SELECTED_MODEL.call(msg_thread.to_msg())
        msg_thread.add_model(res_text)
        search_result, re_search = yield res_text, msg_thread
        msg_thread.add_user(search_result)
        if re_search:
            continue
        msg_thread.add_user(ANALYZE_PROMPT)
        res_text, *_ = common.SELECTED_MODEL.call(msg_thread.to_msg())
        msg_thread.add_model(res_text)
