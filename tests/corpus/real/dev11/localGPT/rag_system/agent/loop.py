"""Reconstruction of PromtEngineer/localGPT@34f3107f56a88203859092312231b945a711c619:rag_system/agent/loop.py (lines 24, 214-290, 393-505, 666-700, 755-762), trimmed; not the original text."""
import json

from rag_system.utils.ollama_client import OllamaClient

_MAX_HISTORY_TURNS = 40


class Agent:
    def __init__(self, retrieval_pipeline, llm_client: OllamaClient, ollama_config, query_decomposer):
        self.retrieval_pipeline = retrieval_pipeline
        self.llm_client = llm_client
        self.ollama_config = ollama_config
        self.query_decomposer = query_decomposer
        self.chat_histories = {}

    def _format_query_with_history(self, query: str, history: list) -> str:
        if not history:
            return query
        formatted_history = "\n".join([f"User: {turn['query']}\nAssistant: {turn['answer']}" for turn in history])
        prompt = f"""
Given the following conversation history, answer the user's latest query. The history provides context for resolving pronouns or follow-up questions.

--- Conversation History ---
{formatted_history}
---

Latest User Query: "{query}"
"""
        return prompt

    async def _triage_query_async(self, query: str, history: list) -> str:
        if history:
            return "rag_query"
        prompt = f"""
You are a query routing expert. Analyze the user's question and decide which backend should handle it.
Choose exactly one category: "rag_query" or "direct_answer".

User query: "{query}"

Respond with JSON: {{"category": "<your_choice>"}}
"""
        resp = self.llm_client.generate_completion(model=self.ollama_config["utility_model"], prompt=prompt, format="json")
        return json.loads(resp.get("response", "{}")).get("category", "rag_query")

    async def _run_async_inner(self, query: str, table_name: str = None, session_id: str = None):
        history = self.chat_histories.get(session_id, []) if session_id else []
        query_type = await self._triage_query_async(query, history)
        contextual_query = self._format_query_with_history(query, history)
        raw_query = query.strip()

        cached_result = self._find_in_semantic_cache(raw_query, session_id)
        if cached_result:
            if session_id:
                history.append({"query": query, "answer": cached_result.get('answer', '')})
                self.chat_histories[session_id] = history[-_MAX_HISTORY_TURNS:]  # expect: PL301
            return cached_result

        if query_type == "direct_answer":
            prompt = (
                "You are a helpful assistant. Read the conversation history below. "
                "If the answer to the user's latest question is already present in the history, quote it concisely. "
                "Otherwise answer from your general world knowledge. Provide a short, factual reply (1-2 sentences).\n\n"
                f"Conversation + Latest Question:\n{contextual_query}\n\nAssistant:"
            )
            answer = "".join(self.llm_client.stream_completion(model=self.ollama_config["generation_model"], prompt=prompt))
            result = {"answer": answer, "source_documents": []}
        else:
            recent_history = history[-5:] if history else []
            sub_queries = self.query_decomposer.decompose(raw_query, recent_history)
            sub_answers = [{"question": q, "answer": self.retrieval_pipeline.run(q)["answer"]} for q in sub_queries]
            compose_prompt = f"""
You are an expert answer composer for a Retrieval-Augmented Generation (RAG) system.
Write a single, final answer to the ORIGINAL QUESTION using only the information contained in the sub-answers.

ORIGINAL QUESTION:
"{contextual_query}"

SUB-ANSWERS (JSON):
{json.dumps(sub_answers, indent=2)}

FINAL ANSWER:
"""
            answer = "".join(self.llm_client.stream_completion(model=self.ollama_config["generation_model"], prompt=compose_prompt))
            result = {"answer": answer, "source_documents": []}

        if session_id:
            history.append({"query": query, "answer": result['answer']})
            self.chat_histories[session_id] = history[-_MAX_HISTORY_TURNS:]  # expect: PL301
        return result
