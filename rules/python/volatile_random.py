from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python.values import RANDOM

from ._volatile import VolatileValueRule


class VolatileRandom(VolatileValueRule):
    """
    ## What it does
    Checks for random values (`random.*`, `secrets.*`, `os.urandom`) that flow into the
    cacheable prefix: a randomly chosen persona, greeting or few-shot example, a nonce;
    also a class's field whose default is drawn per object (dataclasses / pydantic
    `field(default_factory=lambda: random.choice(NAMES))`) read back as `self.<field>`.

    ## Why is this bad?
    A random choice in the system prompt or in early messages gives a different prefix on
    every request; the cache can only ever hit when the dice repeat.

    ## Example
    ```python
    examples = random.sample(FEW_SHOT, 3)
    messages = [{"role": "system", "content": PROMPT + "\\n".join(examples)}, ...]
    ```

    ## Use instead
    ```python
    examples = FEW_SHOT[:3]   # or pick deterministically per user: rng = random.Random(user_id)
    ```

    ## Fix safety
    Unsafe, where mechanical (an f-string written directly as the system prompt of a
    request that ends with a user message): `--unsafe-fixes` moves the sentence with the
    value to the end of the final user message.
    """

    CODE = "PL103"
    NAME = "volatile-random"
    SEVERITY = Severity.WARNING
    MESSAGE = "a random value lands in the cacheable prompt prefix"
    KIND = RANDOM
    WHAT = "a random value"

    VALID = [
        Valid(
            """
            import random
            from pydantic import BaseModel, Field
            from openai import OpenAI

            client = OpenAI()
            NAMES = ["Ada", "Grace", "Edsger"]

            class Persona(BaseModel):
                name: str = Field(default_factory=lambda: random.choice(NAMES))

                def reply(self, history):
                    system = {"role": "system", "content": "Be kind."}
                    answer = client.chat.completions.create(model="gpt-4o", messages=[system, *history])
                    return f"{self.name}: {answer.choices[0].message.content}"  # shown, not sent
            """
        ),
        Valid(
            """
            import random
            import anthropic

            client = anthropic.Anthropic()
            GREETINGS = ["Hi!", "Hello!"]

            def ask(q):
                return client.messages.create(
                    model="claude-haiku-4-5", max_tokens=256,
                    system="You are a friendly bot.",
                    messages=[{"role": "user", "content": random.choice(GREETINGS) + " " + q}],
                    temperature=random.uniform(0.2, 0.4),
                )
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import random
            from pydantic import BaseModel, Field
            from openai import OpenAI

            client = OpenAI()
            NAMES = ["Ada", "Grace", "Edsger"]

            class Persona(BaseModel):
                name: str = Field(default_factory=lambda: random.choice(NAMES))

                def reply(self, history):
                    system = {"role": "system", "content": f"Your name is {self.name}. Be kind."}
                    return client.chat.completions.create(model="gpt-4o", messages=[system, *history])
            """,
            line=9,
            column=47,
            message_contains="random.choice()",
        ),
        Invalid(
            """
            import random
            import anthropic

            client = anthropic.Anthropic()
            PERSONAS = ["a pirate", "a butler", "a poet"]

            def ask(q):
                return client.messages.create(
                    model="claude-haiku-4-5", max_tokens=256,
                    system=f"You answer like {random.choice(PERSONAS)}. Keep answers short.",
                    messages=[{"role": "user", "content": q}],
                )
            """,
            line=10,
            column=35,
            expected_replacement="""
            import random
            import anthropic

            client = anthropic.Anthropic()
            PERSONAS = ["a pirate", "a butler", "a poet"]

            def ask(q):
                return client.messages.create(
                    model="claude-haiku-4-5", max_tokens=256,
                    system="Keep answers short.",
                    messages=[{"role": "user", "content": f"{q}\\n\\nYou answer like {random.choice(PERSONAS)}."}],
                )
            """,
        ),
    ]
