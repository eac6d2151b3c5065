"""Reconstruction of stanford-oval/WikiChat@803683b1139117d374801688af1d9d968e04a07b:retrieval/llm_reranker.py (lines 25-160), trimmed; not the original text."""

from chainlite import llm_generation_chain


class ListwiseLLMReranker:
    def __init__(self, engine: str, prompt_file: str, sliding_window_size: int = 20, sliding_window_step: int = 10):
        self.llm_chain = llm_generation_chain(template_file=prompt_file, engine=engine, max_tokens=150,
                                              output_json=True)
        self.sliding_window_size = sliding_window_size
        self.sliding_window_step = sliding_window_step

    async def _llm_rerank_window(self, query: str, single_search_results: list, query_context: str = None):
        # query and passages fill the template's input section
        return await self.llm_chain.ainvoke(
            {"query": query, "search_results": single_search_results, "query_context": query_context}
        )


class PointwiseLLMReranker:
    def __init__(self, engine: str, prompt_file: str):
        self.llm_chain = llm_generation_chain(template_file=prompt_file, engine=engine, max_tokens=1,
                                              return_top_logprobs=20)
