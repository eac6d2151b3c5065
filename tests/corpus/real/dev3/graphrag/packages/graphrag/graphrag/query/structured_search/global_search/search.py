"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/query/structured_search/global_search/search.py (lines 216-245, 300-400), trimmed; not the original text."""

from graphrag.prompts.query.global_search_map_system_prompt import MAP_SYSTEM_PROMPT, REDUCE_SYSTEM_PROMPT
from graphrag_llm.utils import CompletionMessagesBuilder


class GlobalSearch:
    map_system_prompt = MAP_SYSTEM_PROMPT
    reduce_system_prompt = REDUCE_SYSTEM_PROMPT

    async def _map_response_single_batch(self, context_data: str, query: str, max_length: int, **llm_kwargs):
        # one request per batch of community reports
        search_prompt = self.map_system_prompt.format(
            context_data=context_data, max_length=max_length  # expect: PL104
        )
        messages = CompletionMessagesBuilder().add_system_message(search_prompt).add_user_message(query).build()
        async with self.semaphore:
            return await self.model.completion_async(messages=messages, response_format_json_object=True, **llm_kwargs)

    async def _reduce_response(self, map_responses, query: str, **llm_kwargs):
        points = sorted(
            [p for r in map_responses for p in r.response if p["score"] > 0], key=lambda x: x["score"], reverse=True
        )
        data = [f"----Analyst {p['analyst'] + 1}----\nImportance Score: {p['score']}\n{p['answer']}" for p in points]
        text_data = "\n\n".join(data)
        search_prompt = self.reduce_system_prompt.format(
            report_data=text_data,  # expect: PL104
            response_type=self.response_type,
            max_length=self.reduce_max_length,
        )
        messages = CompletionMessagesBuilder().add_system_message(search_prompt).add_user_message(query).build()
        return await self.model.completion_async(messages=messages, stream=True, **llm_kwargs)
