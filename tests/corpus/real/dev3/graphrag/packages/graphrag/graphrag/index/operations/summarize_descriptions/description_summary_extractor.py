"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/index/operations/summarize_descriptions/description_summary_extractor.py (lines 120-133), trimmed; not the original text."""

import json


class SummarizeExtractor:
    async def _summarize_descriptions_with_llm(self, id, descriptions: list[str]):
        # static instructions first in the template; the entity and its sorted descriptions at the end
        response = await self._model.completion_async(
            messages=self._summarization_prompt.format(**{
                "entity_name": json.dumps(id, ensure_ascii=False),
                "description_list": json.dumps(sorted(descriptions), ensure_ascii=False),
                "max_length": self._max_summary_length,
            }),
        )
        return response.content
