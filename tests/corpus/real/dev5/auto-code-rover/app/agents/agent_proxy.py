"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_proxy.py (lines 13-85), trimmed; not the original text."""

from app.data_structures import MessageThread
from app.model import common

PROXY_PROMPT = """You are a helpful assistant that retreive API calls and bug locations from a text into json format.
Provide your answer in JSON structure like this: {"API_calls": [...], "bug_locations": [...]}
"""


def run(text: str) -> tuple[str, MessageThread]:
    msg_thread = MessageThread()
    msg_thread.add_system(PROXY_PROMPT)
    msg_thread.add_user(text)
    res_text, *_ = common.SELECTED_MODEL.call(msg_thread.to_msg(), response_format="json_object")
    msg_thread.add_model(res_text)
    return res_text, msg_thread
