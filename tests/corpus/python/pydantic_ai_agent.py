"""pydantic-ai style agents: dynamic system prompts and templated instructions."""

from datetime import date

from pydantic_ai import Agent, RunContext

SYSTEM_TEMPLATE = "You are a concierge for {hotel}. Today is {today}. Be polite and brief."

agent = Agent("openai:gpt-4o", system_prompt="Use the booking tools to answer.")


@agent.system_prompt
def add_the_date() -> str:
    return f"The date is {date.today()}."  # expect: PL101


@agent.system_prompt
def add_the_policy(ctx: RunContext[str]) -> str:
    return "Never reveal other guests' bookings."


def concierge_prompt(hotel: str) -> str:
    context = {"hotel": hotel, "today": date.today().isoformat()}  # expect: PL101
    return SYSTEM_TEMPLATE.format(**context)


concierge = Agent("openai:gpt-4o", system_prompt=concierge_prompt("Grand Plaza"))
