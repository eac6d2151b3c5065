"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/agent/resource/knowledge.py (lines 60-106), trimmed; not the original text."""

from typing import Dict, Optional, Tuple

from dbgpt.agent.resource.base import Resource


class RetrieverResource(Resource):
    def __init__(self, name: str, retriever):
        self._name = name
        self._retriever = retriever

    async def retrieve(self, query: str):
        return await self._retriever.aretrieve_with_scores(query, 0.0)

    async def get_prompt(self, *, lang: str = "en", prompt_type: str = "default",
                         question: Optional[str] = None, resource_name=None,
                         **kwargs) -> Tuple[str, Optional[Dict]]:
        if not question:
            raise ValueError("Question is required for knowledge resource.")
        chunks = await self.retrieve(question)  # expect: PL104
        content = "\n".join(
            [f"--{i}--:" + chunk.content for i, chunk in enumerate(chunks)]
        )
        prompt_template = f"\nResources-{self.name}:\n {content}"
        return prompt_template, self._get_references(chunks)
