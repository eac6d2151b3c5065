"""OpenAI Responses API assistant with instructions."""

import time
from datetime import date

from openai import AsyncOpenAI

client = AsyncOpenAI()

BASE = "You are a finance assistant. Answer with figures from the ledger only."


async def ask(question: str, account_id: str):
    return await client.responses.create(
        model="gpt-5",
        instructions=BASE + f" Fiscal date: {date.today().isoformat()}.",  # expect: PL101
        input=question,
        prompt_cache_key=f"acct-{account_id}",
    )


async def ask_clean(question: str, account_id: str):
    t0 = time.monotonic()
    resp = await client.responses.with_raw_response.create(
        model="gpt-5",
        instructions=BASE,
        input=f"Fiscal date: {date.today().isoformat()}.\n{question}",
        prompt_cache_key=f"acct-{account_id}",
        metadata={"t0": str(t0)},
    )
    print("latency", time.monotonic() - t0)
    return resp


async def ask_history(question: str, turns: list[dict]):
    items = [*turns, {"role": "user", "content": f"[{time.ctime()}] {question}"}]
    return await client.responses.create(model="gpt-5", instructions=BASE, input=items)
