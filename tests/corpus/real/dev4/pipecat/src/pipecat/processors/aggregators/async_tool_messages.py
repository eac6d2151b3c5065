"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/processors/aggregators/async_tool_messages.py (lines 150-195), trimmed; not the original text.

The payload of an async tool message is a dict with constant keys in a fixed order, serialised
once when the message is added to the context.
"""

import json
from collections import namedtuple

_PAYLOAD_TYPE = "async_tool"
AsyncToolMessagePayload = namedtuple(
    "AsyncToolMessagePayload", "kind tool_call_id status description result"
)


def _payload_to_json(payload):
    obj = {
        "type": _PAYLOAD_TYPE,
        "status": payload.status,
        "tool_call_id": payload.tool_call_id,
        "description": payload.description,
    }
    if payload.result is not None:
        obj["result"] = payload.result
    return json.dumps(obj)


def _payload_to_message(payload):
    content = _payload_to_json(payload)
    if payload.kind == "started":
        return {"role": "tool", "content": content, "tool_call_id": payload.tool_call_id}
    return {"role": "developer", "content": content}


def build_final_result_message(tool_call_id, result):
    return _payload_to_message(
        AsyncToolMessagePayload("final", tool_call_id, "finished", "The task finished.", result)
    )
