"""Support bot on the OpenAI Chat Completions API: a mix of broken and cache-friendly code."""

import json
import logging
import time
import uuid
from datetime import datetime, timezone

from openai import OpenAI

log = logging.getLogger(__name__)
client = OpenAI()

POLICY = """You are the support assistant for Acme Cloud.
Answer from the knowledge base only. Escalate billing disputes to a human agent.
Never promise refunds or credits. Keep answers under 120 words and cite article ids."""

TOOL_SPECS = {
    "lookup_order": {
        "type": "function",
        "function": {"name": "lookup_order", "parameters": {"type": "object", "properties": {}}},
    },
    "refund_status": {
        "type": "function",
        "function": {"name": "refund_status", "parameters": {"type": "object", "properties": {}}},
    },
    "open_ticket": {
        "type": "function",
        "function": {"name": "open_ticket", "parameters": {"type": "object", "properties": {}}},
    },
}


def system_prompt() -> str:
    now = datetime.now(timezone.utc)  # expect: PL101
    return f"{POLICY}\nCurrent UTC time: {now:%Y-%m-%d %H:%M}."


def tools_for(enabled: list[str]) -> list[dict]:
    return [TOOL_SPECS[name] for name in set(enabled)]  # expect: PL201


def answer(question: str, enabled: list[str]) -> str:
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        tools=tools_for(enabled),
        messages=[
            {"role": "system", "content": system_prompt()},
            {"role": "user", "content": question},
        ],
    )
    return resp.choices[0].message.content or ""


def answer_well(question: str, enabled: list[str], user_id: str) -> str:
    """The same bot done right: stable prefix, volatile bits at the end or outside."""
    tools = [TOOL_SPECS[name] for name in sorted(set(enabled))]
    started = time.perf_counter()
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        tools=tools,
        messages=[
            {"role": "system", "content": POLICY},
            {
                "role": "user",
                "content": f"(sent {datetime.now(timezone.utc):%H:%M} UTC)\n{question}",
            },
        ],
        metadata={"request_id": str(uuid.uuid4()), "sent_at": datetime.now().isoformat()},
        user=user_id,
        prompt_cache_key=f"support-{user_id}",
        extra_headers={"X-Request-ID": str(uuid.uuid4())},
        temperature=0.2,
    )
    log.info("answered in %.2fs (%s)", time.perf_counter() - started, uuid.uuid4())
    return resp.choices[0].message.content or ""


def run_tools(messages: list[dict], calls: list) -> None:
    for call in calls:
        result = {"status": "shipped", "eta": "2 days", "order": call.id}
        messages.append(
            {
                "role": "tool",
                "tool_call_id": call.id,
                "content": json.dumps(result),  # a dict literal, serialised once and kept
            }
        )


def run_tools_well(messages: list[dict], calls: list) -> None:
    for call in calls:
        result = {"status": "shipped", "eta": "2 days", "order": call.id}
        messages.append(
            {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result, sort_keys=True)}
        )
