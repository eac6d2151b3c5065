"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/index/operations/extract_covariates/claim_extractor.py (lines 118-135), trimmed; not the original text."""

from graphrag_llm.utils import CompletionMessagesBuilder


class ClaimExtractor:
    async def _process_document(self, text: str, claim_description: str, entity_spec: dict) -> list[dict]:
        # the template ends with the entity spec, the claim description and the text
        builder = CompletionMessagesBuilder().add_user_message(
            self._extraction_prompt.format(**{
                "input_text": text,
                "claim_description": claim_description,
                "entity_specs": entity_spec,
            })
        )
        response = await self._model.completion_async(messages=builder.build())
        return self._parse_claim_tuples(response.content)
