"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/airline/configs/agents.py
(lines 25-60), trimmed; not the original text.
"""

from swarm import Agent


def transfer_to_flight_modification():
    return flight_modification


def transfer_to_triage():
    """Call this function to send the user to another agent and policy."""
    return triage_agent


def triage_instructions(context_variables):
    customer_context = context_variables.get("customer_context", None)
    flight_context = context_variables.get("flight_context", None)
    # clean: the fixed instructions first, this conversation's context at the very end
    return f"""You triage a user's request and call a tool to transfer it to the right intent.
    Transfer as soon as you know the topic; you do not need the specifics.
    Ask a direct question when you need more information, without explaining why.
    Do not share your reasoning with the user and do not assume things for them.
    The customer context is here: {customer_context}, and flight context is here: {flight_context}"""


triage_agent = Agent(name="Triage Agent", instructions=triage_instructions, functions=[transfer_to_flight_modification])

flight_modification = Agent(
    name="Flight Modification Agent",
    instructions="You help with flight modifications: find out whether the user wants to cancel or change, then transfer.",
    functions=[transfer_to_triage],
)
