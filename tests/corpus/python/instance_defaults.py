"""Per-object defaults of class fields and the message just sent changed after the call."""

import random
import uuid
from dataclasses import dataclass, field

import anthropic
import attrs
import ollama
from pydantic import BaseModel, Field

client = anthropic.Anthropic()
NAMES = ["Ada", "Grace", "Edsger"]


@dataclass(kw_only=True)
class Actor:
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])  # expect: PL102
    tools: list = field(default_factory=list)


@dataclass(kw_only=True)
class Agent(Actor):
    name: str = field(default_factory=lambda: random.choice(NAMES))  # expect: PL103

    def ask(self, history):
        # the id and name come from the base class and this one: made per object
        return client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=400,
            system=f"You are {self.name} (agent {self.id}). Use the tools you are given.",
            messages=history,
        )


class Ticket(BaseModel):
    ref: str = Field(default_factory=lambda: str(uuid.uuid4()))
    tag: str = Field(default_factory=lambda: random.choice(NAMES))

    def summarise(self, history):
        # the ref and tag go out as metadata and after the answer: not in the prompt
        answer = client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=400,
            system="Summarise the ticket thread.",
            messages=history,
            metadata={"user_id": self.ref},
        )
        return f"[{self.tag}] {answer.content[0].text}"


@attrs.define
class Worker:
    token: uuid.UUID = attrs.field(factory=uuid.uuid4)  # expect: PL102
    log: list = attrs.field(factory=list)

    def run(self, history):
        return client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=400,
            system=f"Worker {self.token}: follow the plan step by step.",
            messages=history,
        )


def look(messages, screenshot):
    model = ollama.Client()
    turn = {"role": "user", "content": "What should I click next?", "images": [screenshot]}
    messages.append(turn)
    response = model.chat(model="llava", messages=messages)
    turn["images"] = None  # expect: PL301
    messages.append({"role": "assistant", "content": response["message"]["content"]})
    return response


def look_again(messages, screenshot):
    model = ollama.Client()
    messages.append({"role": "user", "content": "And now?", "images": [screenshot]})
    response = model.chat(model="llava", messages=messages)
    messages[-1]["images"] = None  # expect: PL301
    messages.append({"role": "assistant", "content": response["message"]["content"]})
    return response


def answer(messages):
    model = ollama.Client()
    response = model.chat(model="llava", messages=messages)
    messages.append({"role": "assistant", "content": ""})
    messages[-1]["content"] = response["message"]["content"]  # the new turn, filled in
    return response
