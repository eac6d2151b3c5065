"""A tool-calling agent loop on LiteLLM."""

import json
import random

import litellm

SYSTEM = {
    "role": "system",
    "content": "You are a travel agent. Use tools to check flights and hotels before answering.",
}
PERSONAS = ["cheerful", "formal", "concise"]

TOOLS = [
    {"type": "function", "function": {"name": "search_flights", "parameters": {"type": "object"}}},
    {"type": "function", "function": {"name": "search_hotels", "parameters": {"type": "object"}}},
]


def call_tool(name: str, args: dict) -> dict:
    return {"name": name, "args": args, "results": []}


def run(question: str, history: list[dict]) -> str:
    persona = random.choice(PERSONAS)  # expect: PL103
    system = {"role": "system", "content": SYSTEM["content"] + f" Tone: {persona}."}
    messages = [system, *history[-12:]]  # expect: PL301
    messages.append({"role": "user", "content": question})
    while True:
        resp = litellm.completion(model="gpt-4o", messages=messages, tools=TOOLS)
        msg = resp.choices[0].message
        if not msg.tool_calls:
            return msg.content
        messages.append(msg.model_dump())
        for call in msg.tool_calls:
            output = call_tool(call.function.name, json.loads(call.function.arguments))
            messages.append(
                {"role": "tool", "tool_call_id": call.id, "content": json.dumps(output)}  # kept as sent
            )


async def run_clean(question: str, history: list[dict]) -> str:
    messages = [SYSTEM, *history, {"role": "user", "content": question}]
    resp = await litellm.acompletion(
        model="anthropic/claude-sonnet-4-5",
        messages=messages,
        tools=TOOLS,
        temperature=random.uniform(0.1, 0.3),
        metadata={"attempt": random.randint(1, 1000)},
    )
    return resp.choices[0].message.content
