"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:examples/basic/dynamic_system_prompt.py
(lines 1-44), trimmed; not the original text.
"""

import asyncio
import random
from dataclasses import dataclass
from typing import Literal

from agents import Agent, RunContextWrapper, Runner


@dataclass
class CustomContext:
    style: Literal["haiku", "pirate", "robot"]


def custom_instructions(run_context: RunContextWrapper[CustomContext], agent: Agent[CustomContext]) -> str:
    # clean: the style is chosen once per run and read from the run's context on every turn
    context = run_context.context
    if context.style == "haiku":
        return "Only respond in haikus."
    elif context.style == "pirate":
        return "Respond as a pirate."
    return "Respond as a robot and say 'beep boop' a lot."


agent = Agent(name="Chat agent", instructions=custom_instructions)


async def main():
    context = CustomContext(style=random.choice(["haiku", "pirate", "robot"]))
    result = await Runner.run(agent, "Tell me a joke.", context=context)
    print(result.final_output)


if __name__ == "__main__":
    asyncio.run(main())
