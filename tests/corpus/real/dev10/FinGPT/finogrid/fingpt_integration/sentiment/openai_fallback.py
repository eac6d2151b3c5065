"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:finogrid/fingpt_integration/sentiment/openai_fallback.py (lines 15-56), trimmed; not the original text."""

import os

from openai import AsyncOpenAI

SENTIMENT_PROMPT = (
    "Instruction: What is the sentiment of this news? "
    "Please choose an answer from {{positive/negative/neutral}}.\n"
    "Input: {text}\n"
    "Answer:"
)


class OpenAISentimentFallback:
    def __init__(self, model: str = "gpt-3.5-turbo"):
        self.model = model
        self.client = AsyncOpenAI(api_key=os.getenv("OPENAI_API_KEY"))

    async def score(self, text: str) -> dict:
        prompt = SENTIMENT_PROMPT.format(text=text[:512])
        response = await self.client.chat.completions.create(
            model=self.model,
            messages=[{"role": "user", "content": prompt}],
            max_tokens=5,
            temperature=0,
        )
        answer = response.choices[0].message.content.strip().lower()
        return {"raw": answer}
