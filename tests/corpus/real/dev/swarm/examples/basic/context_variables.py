"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/basic/context_variables.py
(lines 1-38), trimmed; not the original text.
"""

from swarm import Agent, Swarm

client = Swarm()


def instructions(context_variables):
    name = context_variables.get("name", "User")
    # clean: the name is fixed for the conversation and only a few characters follow it
    return f"You are a helpful agent. Greet the user by name ({name})."


def print_account_details(context_variables: dict):
    print(f"Account Details: {context_variables.get('name')} {context_variables.get('user_id')}")
    return "Success"


agent = Agent(name="Agent", instructions=instructions, functions=[print_account_details])
response = client.run(messages=[{"role": "user", "content": "Hi!"}], agent=agent, context_variables={"name": "James", "user_id": 123})
