"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/agent/deep_search.py (lines 12-247), trimmed; not the original text."""

import asyncio

from deepsearcher.agent.collection_router import CollectionRouter
from deepsearcher.vector_db.base import deduplicate_results

SUB_QUERY_PROMPT = """Split the question into at most four sub-questions and return them as a list of str.
If it is simple, return a list holding only the original question.

Original Question: {original_query}

Example input: "Explain deep learning"
Example output: ["What is deep learning?", "How does it differ from machine learning?"]

Return the list of str:
"""

RERANK_PROMPT = """Given the query questions and one retrieved chunk, say whether the chunk helps answer any of them. Answer only "YES" or "NO".

Query Questions: {query}
Retrieved Chunk: {retrieved_chunk}

Does the chunk help?
"""

REFLECT_PROMPT = """Decide whether more searches are needed, from the original query, the sub queries so far and the chunks found. Return a python list of up to 3 new queries, or an empty list.

Original Query: {question}

Previous Sub Queries: {mini_questions}

Related Chunks:
{mini_chunk_str}

Return only the list of str."""

SUMMARY_PROMPT = """You are a content analysis expert. Write a specific, detailed answer from the queries and the chunks.

Original Query: {question}

Previous Sub Queries: {mini_questions}

Related Chunks:
{mini_chunk_str}
"""


class DeepSearch:
    def __init__(self, llm, embedding_model, vector_db, max_iter=3, route_collection=True):
        self.llm = llm
        self.embedding_model = embedding_model
        self.vector_db = vector_db
        self.max_iter = max_iter
        self.route_collection = route_collection
        self.collection_router = CollectionRouter(llm=self.llm, vector_db=self.vector_db)

    def _generate_sub_queries(self, original_query: str):
        chat_response = self.llm.chat(
            messages=[{"role": "user", "content": SUB_QUERY_PROMPT.format(original_query=original_query)}]
        )
        return self.llm.literal_eval(chat_response.content), chat_response.total_tokens

    async def _search_chunks_from_vectordb(self, query: str, sub_queries: list):
        if self.route_collection:
            selected_collections, consume_tokens = self.collection_router.invoke(query=query)
        else:
            selected_collections, consume_tokens = self.collection_router.all_collections, 0
        accepted = []
        query_vector = self.embedding_model.embed_query(query)
        for collection in selected_collections:
            for retrieved_result in self.vector_db.search_data(collection=collection, vector=query_vector):
                # one request per chunk: the fixed head and the query list are shared, the chunk comes last
                chat_response = self.llm.chat(
                    messages=[
                        {
                            "role": "user",
                            "content": RERANK_PROMPT.format(query=[query] + sub_queries, retrieved_chunk=retrieved_result.text),
                        }
                    ]
                )
                consume_tokens += chat_response.total_tokens
                if chat_response.content.startswith("YES"):
                    accepted.append(retrieved_result)
        return accepted, consume_tokens

    def _generate_gap_queries(self, original_query: str, all_sub_queries: list, all_chunks: list):
        reflect_prompt = REFLECT_PROMPT.format(
            question=original_query,
            mini_questions=all_sub_queries,
            mini_chunk_str=self._format_chunk_texts([chunk.text for chunk in all_chunks]),
        )
        chat_response = self.llm.chat([{"role": "user", "content": reflect_prompt}])
        return self.llm.literal_eval(chat_response.content), chat_response.total_tokens

    async def async_retrieve(self, original_query: str):
        all_search_res, total_tokens = [], 0
        sub_queries, used = self._generate_sub_queries(original_query)
        total_tokens += used
        all_sub_queries = list(sub_queries)
        sub_gap_queries = sub_queries
        for _ in range(self.max_iter):
            # gather returns results in task order, not completion order
            search_results = await asyncio.gather(
                *[self._search_chunks_from_vectordb(q, sub_gap_queries) for q in sub_gap_queries]
            )
            found = []
            for search_res, consumed in search_results:
                total_tokens += consumed
                found.extend(search_res)
            all_search_res.extend(deduplicate_results(found))
            sub_gap_queries, consumed = self._generate_gap_queries(original_query, all_sub_queries, all_search_res)
            total_tokens += consumed
            if not sub_gap_queries:
                break
            all_sub_queries.extend(sub_gap_queries)
        return deduplicate_results(all_search_res), total_tokens, {"all_sub_queries": all_sub_queries}

    def query(self, query: str):
        results, n_tokens, info = asyncio.run(self.async_retrieve(query))
        summary_prompt = SUMMARY_PROMPT.format(
            question=query,
            mini_questions=info["all_sub_queries"],
            mini_chunk_str=self._format_chunk_texts([r.text for r in results]),
        )
        chat_response = self.llm.chat([{"role": "user", "content": summary_prompt}])
        return chat_response.content, results, n_tokens + chat_response.total_tokens

    def _format_chunk_texts(self, chunk_texts: list) -> str:
        return "".join(f"<chunk_{i}>\n{chunk}\n</chunk_{i}>\n" for i, chunk in enumerate(chunk_texts))
