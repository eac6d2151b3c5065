"""Cache-friendly prompt code: none of this may be flagged."""

import json
import logging
import random
import time
import uuid
from datetime import datetime
from pathlib import Path

import anthropic
from openai import OpenAI

log = logging.getLogger(__name__)
oai = OpenAI()
claude = anthropic.Anthropic()

SYSTEM = Path(__file__).with_name("system.md").read_text() if False else "You are an assistant."
TOOLS = sorted(
    [
        {"type": "function", "function": {"name": "b_tool", "parameters": {}}},
        {"type": "function", "function": {"name": "a_tool", "parameters": {}}},
    ],
    key=lambda t: t["function"]["name"],
)
ENUM_VALUES = sorted({"low", "medium", "high"})
SCHEMA = json.dumps({"type": "object", "properties": {"level": {"enum": ENUM_VALUES}}}, sort_keys=True)


def timed_call(question: str):
    start = time.time()
    request_id = uuid.uuid4().hex
    log.debug("sending %s at %s", request_id, datetime.now())
    resp = oai.chat.completions.create(
        model="gpt-4o",
        tools=TOOLS,
        messages=[
            {"role": "system", "content": SYSTEM + "\n" + SCHEMA},
            {"role": "user", "content": f"{question}\n\n(request {request_id}, {datetime.now()})"},
        ],
        metadata={"request_id": request_id},
        seed=random.randint(0, 10),
    )
    log.info("took %.3f s", time.time() - start)
    return resp


def few_shot(question: str, examples: list[tuple[str, str]]):
    messages = [{"role": "system", "content": SYSTEM}]
    for q, a in examples:
        messages.append({"role": "user", "content": q})
        messages.append({"role": "assistant", "content": a})
    messages.append({"role": "user", "content": f"Asked at {time.strftime('%H:%M')}: {question}"})
    return oai.chat.completions.create(model="gpt-4o", messages=messages)


def skills_prompt(folder: Path) -> str:
    names = sorted(p.stem for p in folder.glob("*.md"))
    return "Skills: " + ", ".join(names)


def with_skills(question: str, folder: Path):
    return claude.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system=[{"type": "text", "text": skills_prompt(folder), "cache_control": {"type": "ephemeral"}}],
        messages=[{"role": "user", "content": question}],
    )


def random_sampling_outside_prompt(question: str):
    if random.random() < 0.1:
        log.info("sampled for audit")
    return claude.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system=SYSTEM,
        messages=[{"role": "user", "content": question}],
        extra_headers={"x-trace": str(uuid.uuid4())},
    )


def tool_results(messages: list[dict], calls: list) -> None:
    for call in calls:
        payload = {"ok": True, "at": datetime.now().isoformat()}
        messages.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": call.id,
                        "content": json.dumps(payload, sort_keys=True),
                    }
                ],
            }
        )


def prefilled_json(question: str):
    # An assistant prefill after the question: the question is still the final turn.
    return claude.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system=SYSTEM,
        messages=[
            {"role": "user", "content": f"[{datetime.now():%H:%M}] {question}"},
            {"role": "assistant", "content": "{"},
        ],
    )
