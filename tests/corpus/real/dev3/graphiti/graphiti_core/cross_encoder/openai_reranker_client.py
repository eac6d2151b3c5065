"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/cross_encoder/openai_reranker_client.py (lines 61-96), trimmed; not the original text."""

from graphiti_core.helpers import semaphore_gather
from graphiti_core.prompts.models import Message


class OpenAIRerankerClient:
    async def rank(self, query: str, passages: list[str]) -> list:
        per_passage = [
            [
                Message(role="system", content="You judge whether a passage is relevant to a query"),
                Message(
                    role="user",
                    content=f"""
Respond with "True" if PASSAGE is relevant to QUERY and "False" otherwise.
<PASSAGE>
{passage}
</PASSAGE>
<QUERY>
{query}
</QUERY>
""",
                ),
            ]
            for passage in passages
        ]
        return await semaphore_gather(
            *[
                self.client.chat.completions.create(
                    model=self.config.model, messages=msgs, temperature=0, max_tokens=1, logprobs=True, top_logprobs=2
                )
                for msgs in per_passage
            ]
        )
