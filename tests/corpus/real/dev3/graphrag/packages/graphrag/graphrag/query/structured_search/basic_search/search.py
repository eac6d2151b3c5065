"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/query/structured_search/basic_search/search.py (lines 70-100), trimmed; not the original text."""

from graphrag_llm.utils import CompletionMessagesBuilder


class BasicSearch:
    async def search(self, query: str, conversation_history=None, **kwargs):
        context_result = self.context_builder.build_context(query=query, conversation_history=conversation_history, **kwargs)
        search_prompt = self.system_prompt.format(
            context_data=context_result.context_chunks,  # expect: PL104
            response_type=self.response_type,
        )
        messages = CompletionMessagesBuilder().add_system_message(search_prompt).add_user_message(query).build()
        return self.model.completion_async(messages=messages, stream=True)
