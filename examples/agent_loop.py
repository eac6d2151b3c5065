"""A tool-calling agent on the OpenAI SDK with three classic cache breakers."""

import json
import os

from openai import OpenAI

client = OpenAI()
SYSTEM = "You are an operations agent. Use the tools; never guess file contents."


def load_tools(folder: str) -> list[dict]:
    # directory order differs between machines: the tools block changes
    return [json.load(open(os.path.join(folder, f))) for f in os.listdir(folder)]


def step(history: list[dict], task: str, tool_dir: str, runs):
    messages = [{"role": "system", "content": SYSTEM}, *history[-8:]]  # drops a turn every step
    messages.append({"role": "user", "content": task})
    resp = client.chat.completions.create(model="gpt-4o", tools=load_tools(tool_dir), messages=messages)
    for call in resp.choices[0].message.tool_calls or []:
        result = runs.execute("SELECT output FROM runs WHERE id = %s", (call.id,)).fetchone()
        history.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
    return resp
