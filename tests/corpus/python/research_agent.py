"""A research agent with a prompt builder class and formatted templates."""

import time
from datetime import date, datetime

import anthropic

client = anthropic.Anthropic()
TODAY = date.today().isoformat()  # read once at import: the same for every request of a run

HEADER = "You are a research agent. You search, read and summarise sources."
RULES = [
    "Cite every claim with a source URL.",
    "Prefer primary sources over news articles.",
    "Say when sources disagree.",
]


class PromptBuilder:
    def __init__(self, agent_name: str) -> None:
        self.agent_name = agent_name
        self.started = datetime.utcnow()  # expect: PL101

    def system(self) -> str:
        lines = [HEADER, *RULES, "Session started {}.".format(self.started)]
        return "\n".join(lines)

    def system_clean(self) -> str:
        return "\n".join([HEADER, *RULES])


def run(builder: PromptBuilder, question: str):
    return client.messages.create(
        model="claude-opus-4-1",
        max_tokens=2000,
        system=builder.system(),
        messages=[{"role": "user", "content": question}],
    )


def run_dated(question: str):
    system = "%s\nData current as of %s." % (HEADER, TODAY)
    return client.messages.create(
        model="claude-opus-4-1",
        max_tokens=2000,
        system=system,
        messages=[{"role": "user", "content": question}],
    )


def run_year(question: str):
    system = HEADER + "\nIt is " + time.strftime("%Y") + "."  # expect: PL101
    with client.messages.stream(
        model="claude-opus-4-1",
        max_tokens=2000,
        system=system,
        messages=[{"role": "user", "content": question}],
    ) as stream:
        return stream.get_final_message()


def run_examples(question: str):
    return client.beta.messages.create(
        model="claude-opus-4-1",
        max_tokens=2000,
        system=PromptBuilder("x").system_clean(),
        messages=[
            {"role": "user", "content": f"Example asked on {datetime.now():%d %b}: what is RAG?"},  # expect: PL101
            {"role": "assistant", "content": "Retrieval-augmented generation."},
            {"role": "user", "content": question},
        ],
    )
