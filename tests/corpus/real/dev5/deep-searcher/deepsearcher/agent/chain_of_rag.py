"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/agent/chain_of_rag.py (lines 11-31, 98-145), trimmed; not the original text."""

from deepsearcher.vector_db.base import deduplicate_results

FOLLOWUP_QUERY_PROMPT = """You answer the main query by searching a database step by step. From the intermediate queries and answers below, write one new, simple follow-up query.

## Previous intermediate queries and answers
{intermediate_context}

## Main query to answer
{query}

Reply with the follow-up question only.
"""

INTERMEDIATE_ANSWER_PROMPT = """Answer the query from the documents only; do not invent anything. If they do not answer it, say "No relevant information found".

## Documents
{retrieved_documents}

## Query
{sub_query}

Reply with a concise answer only.
"""


class ChainOfRAG:
    def __init__(self, llm, embedding_model, vector_db, collection_router):
        self.llm = llm
        self.embedding_model = embedding_model
        self.vector_db = vector_db
        self.collection_router = collection_router

    def _reflect_get_subquery(self, query: str, intermediate_context: list):
        chat_response = self.llm.chat(
            [
                {
                    "role": "user",
                    "content": FOLLOWUP_QUERY_PROMPT.format(query=query, intermediate_context="\n".join(intermediate_context)),
                }
            ]
        )
        return chat_response.content, chat_response.total_tokens

    def _retrieve_and_answer(self, query: str):
        selected_collections, consume_tokens = self.collection_router.invoke(query=query)
        all_retrieved_results = []
        for collection in selected_collections:
            query_vector = self.embedding_model.embed_query(query)
            all_retrieved_results.extend(self.vector_db.search_data(collection=collection, vector=query_vector))
        all_retrieved_results = deduplicate_results(all_retrieved_results)
        chat_response = self.llm.chat(
            [
                {
                    "role": "user",
                    "content": INTERMEDIATE_ANSWER_PROMPT.format(
                        retrieved_documents=self._format_retrieved_results(all_retrieved_results),
                        sub_query=query,
                    ),
                }
            ]
        )
        return chat_response.content, all_retrieved_results, consume_tokens + chat_response.total_tokens

    def _format_retrieved_results(self, results: list) -> str:
        return "\n".join(f"<Document {i}>\n{r.text}\n</Document {i}>" for i, r in enumerate(results))
