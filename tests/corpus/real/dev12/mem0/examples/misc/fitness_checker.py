"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:examples/misc/fitness_checker.py (lines 10-50), trimmed; not the original text."""

from agno.agent import Agent
from agno.models.openai import OpenAIChat

from mem0 import MemoryClient

memory_client = MemoryClient(api_key="your-mem0-api-key")
USER_ID = "Anish"

agent = Agent(
    name="Fitness Agent",
    model=OpenAIChat(id="gpt-4.1-nano-2025-04-14"),
    description="You are a helpful fitness assistant who remembers past logs and gives personalized suggestions.",
    markdown=True,
)


def fitness_coach(user_input: str, user_id: str = USER_ID):
    memories = memory_client.search(user_input, user_id=user_id)
    memory_context = "\n".join(f"- {m['memory']}" for m in memories)
    prompt = f"""You are a fitness assistant who helps Anish with his training, recovery, and diet. You have long-term memory of his health, routines, preferences, and past conversations.

Use your memory to personalize suggestions — consider his constraints, goals, patterns, and lifestyle when responding.

Here is what you remember about {user_id}:
{memory_context}

User query:
{user_input}"""
    response = agent.run(prompt)
    memory_client.add(f"User: {user_input}\nAssistant: {response.content}", user_id=user_id)
    return response.content
