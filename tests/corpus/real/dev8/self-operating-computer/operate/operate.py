"""Reconstruction of OthersideAI/self-operating-computer@fac568eea7da5e24f8bc91bfc1211b65679177eb:operate/operate.py (lines 33-121), trimmed; not the original text."""

import asyncio

from operate.models.apis import get_next_action
from operate.models.prompts import get_system_prompt


def main(model, terminal_prompt):
    objective = terminal_prompt
    # the system prompt is made once per run; the objective sits at its end
    system_prompt = get_system_prompt(model, objective)
    system_message = {"role": "system", "content": system_prompt}
    messages = [system_message]

    loop_count = 0
    session_id = None
    while True:
        operations, session_id = asyncio.run(
            get_next_action(model, messages, objective, session_id)
        )
        if operate(operations):
            break
        loop_count += 1
        if loop_count > 10:
            break


def operate(operations):
    for operation in operations:
        if operation.get("operation", "").lower() == "done":
            return True
    return False
