"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/index/operations/extract_graph/graph_extractor.py (lines 84-121), trimmed; not the original text."""

from graphrag_llm.utils import CompletionMessagesBuilder

CONTINUE_PROMPT = "MANY entities were missed in the last extraction. Add them below in the same format:\n"
LOOP_PROMPT = "It appears some entities may have still been missed. Answer Y if there are still entities to add, or N if none.\n"


class GraphExtractor:
    async def _process_document(self, text: str, entity_types: list[str]) -> str:
        builder = CompletionMessagesBuilder().add_user_message(
            self._extraction_prompt.format(**{"input_text": text, "entity_types": ",".join(entity_types)})
        )
        response = await self._model.completion_async(messages=builder.build())
        results = response.content
        builder.add_assistant_message(results)
        # gleanings only append to the conversation
        for i in range(self._max_gleanings):
            builder.add_user_message(CONTINUE_PROMPT)
            response = await self._model.completion_async(messages=builder.build())
            builder.add_assistant_message(response.content)
            results += response.content
            if i >= self._max_gleanings - 1:
                break
            builder.add_user_message(LOOP_PROMPT)
            response = await self._model.completion_async(messages=builder.build())
            if response.content != "Y":
                break
        return results
