from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python.values import ID

from ._volatile import VolatileValueRule


class VolatileId(VolatileValueRule):
    """
    ## What it does
    Checks for per-request or per-process identifiers that flow into the cacheable
    prefix: `uuid.uuid1()`/`uuid4()`, `os.getpid()`, `socket.gethostname()`, `id(...)`,
    `next(itertools.count())` and module or instance counters bumped with `+= 1`; also a
    class's field whose default is made per object (dataclasses / pydantic
    `field(default_factory=lambda: uuid4().hex)`, attrs `field(factory=uuid.uuid4)`) read
    back as `self.<field>`.

    ## Why is this bad?
    An id that differs per request, per worker or per host makes the prefix differ too, and
    nothing after it is read from cache. langchainjs #11151: a tool renamed `extract-<n>` from
    a global counter on every call made every call miss.

    ## Example
    ```python
    system = f"Session {uuid.uuid4()}. You are a booking assistant..."
    ```

    ## Use instead
    ```python
    system = "You are a booking assistant..."
    client.chat.completions.create(..., metadata={"session": str(uuid.uuid4())})
    ```

    ## Fix safety
    Unsafe, where mechanical (an f-string written directly as the system prompt of a
    request that ends with a user message): `--unsafe-fixes` moves the sentence with the
    value to the end of the final user message. Often the id belongs in `metadata` instead.
    """

    CODE = "PL102"
    NAME = "volatile-id"
    SEVERITY = Severity.WARNING
    MESSAGE = "a per-request id lands in the cacheable prompt prefix"
    KIND = ID
    WHAT = "an id that changes per request or process"

    VALID = [
        Valid(
            """
            import uuid
            from dataclasses import dataclass, field
            import anthropic

            client = anthropic.Anthropic()

            @dataclass
            class Agent:
                id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])
                notes: list = field(default_factory=list)

                def ask(self, history):
                    return client.messages.create(
                        model="claude-sonnet-4-5", max_tokens=300,
                        system="You are a helper. Be brief.",
                        messages=history,
                        metadata={"user_id": self.id},  # not part of the prompt
                    )
            """
        ),
        Valid(
            """
            import uuid
            from openai import OpenAI

            client = OpenAI()

            def ask(q):
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[{"role": "system", "content": "Be brief."}, {"role": "user", "content": q}],
                    user=str(uuid.uuid4()),
                    extra_headers={"X-Request-ID": str(uuid.uuid4())},
                )
            """
        ),
        Valid(
            """
            from uuid import uuid4
            from agents import Agent
            from notes import FileSystem, LocalFileSystem

            ROOT = f"tmp/agent_fs_{uuid4().hex}"  # where the notes are kept, not prompt text
            fs = FileSystem(LocalFileSystem(root=ROOT))
            agent = Agent(instructions=["You keep notes.", fs.instructions()])
            """
        ),
        Valid(
            """
            import os
            import uuid

            RULES = "Answer the question from the transcript only. " * 12

            class Audio:
                def ask(self, url, question):
                    local_path = os.path.join("cache", f"{uuid.uuid4()}.mp3")
                    download(url, local_path)
                    # What the model makes of the file, not its random name.
                    transcript = self.model.speech_to_text(local_path)
                    prompt = f"{transcript}\\n{RULES}\\nQuestion: {question}"
                    return self.llm.step(prompt)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import uuid
            from dataclasses import dataclass, field
            import anthropic

            client = anthropic.Anthropic()

            @dataclass
            class Agent:
                # a new id for every Agent made: read below into the system prompt
                id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])
                name: str = "helper"

                def ask(self, history):
                    return client.messages.create(
                        model="claude-sonnet-4-5", max_tokens=300,
                        system=f"You are agent {self.id} ({self.name}). Be brief.",
                        messages=history,
                    )
            """,
            line=10,
            column=45,
            message_contains="uuid.uuid4()",
        ),
        Invalid(
            """
            import uuid
            import anthropic

            client = anthropic.Anthropic()

            def ask(q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system=f"You are a booking assistant. Session {uuid.uuid4().hex[:8]}.",
                    messages=[{"role": "user", "content": q}],
                )
            """,
            line=9,
            column=56,
            expected_replacement="""
            import uuid
            import anthropic

            client = anthropic.Anthropic()

            def ask(q):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=300,
                    system="You are a booking assistant.",
                    messages=[{"role": "user", "content": f"{q}\\n\\nSession {uuid.uuid4().hex[:8]}."}],
                )
            """,
        ),
        Invalid(
            """
            import uuid
            from openai import OpenAI

            client = OpenAI()

            def ask(q):
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[
                        {"role": "system", "content": f"Trace {uuid.uuid4()}: be brief."},
                        {"role": "user", "content": q},
                    ],
                )
            """,
            line=10,
            column=52,
            message_contains="uuid.uuid4()",
        ),
        Invalid(
            """
            _calls = 0

            def make_tool():
                global _calls
                _calls += 1
                return {"type": "function", "function": {"name": f"extract_{_calls}", "parameters": {}}}

            def ask(client, q):
                return client.chat.completions.create(
                    model="gpt-4o", tools=[make_tool()], messages=[{"role": "user", "content": q}]
                )
            """,
            line=6,
            column=65,
        ),
    ]
