"""A prompt built with the application's own clock helper, declared in promptlint.toml."""

import openai
from myapp.clock import now

client = openai.OpenAI()


def ask(question: str):
    system = f"Time: {now()}. You are the support agent of ACME."
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "system", "content": system}, {"role": "user", "content": question}],
    )
