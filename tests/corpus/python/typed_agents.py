"""Agents whose prompts read typed parameters: fields of a parameter are per-request
whatever the annotation; an `__init__` parameter that every instantiation in the module
fills with a literal is configuration."""

from dataclasses import dataclass

from openai import OpenAI

client = OpenAI()
# Past 1,024 tokens: worth caching ahead of the user's name in a request sent once per question.
RULES = "Answer from the catalogue only. Quote the item number in every answer. " * 60


@dataclass
class User:
    name: str
    company: str


def ask(user: User, q: str):
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "system", "content": f"The user is {user.name}.\n{RULES}"},  # expect: PL104
            {"role": "user", "content": q},
        ],
    )


class Assistant:
    def __init__(self, user: User):
        self.system_prompt = f"You assist {user.company}.\n{RULES}"  # expect: PL104

    def ask(self, q: str):
        return client.chat.completions.create(
            model="gpt-4o",
            messages=[
                {"role": "system", "content": self.system_prompt},
                {"role": "user", "content": q},
            ],
        )


class Agent:
    def __init__(self, name: str, tone: str = "friendly"):
        self.system_prompt = f"You are {name}, {tone}.\n{RULES}"

    def ask(self, q: str):
        return client.chat.completions.create(
            model="gpt-4o",
            messages=[
                {"role": "system", "content": self.system_prompt},
                {"role": "user", "content": q},
            ],
        )


sales = Agent("Ava")
support = Agent("Max", tone="calm")
