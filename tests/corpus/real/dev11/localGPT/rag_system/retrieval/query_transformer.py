"""Reconstruction of PromtEngineer/localGPT@34f3107f56a88203859092312231b945a711c619:rag_system/retrieval/query_transformer.py (lines 58-80, 268-285), trimmed; not the original text."""
import json
from typing import List


class QueryDecomposer:
    def __init__(self, llm_client, llm_model: str):
        self.llm_client = llm_client
        self.llm_model = llm_model

    def decompose(self, query: str, chat_history=None, max_sub_queries: int = 10) -> List[str]:
        history_snippets: List[str] = []
        last_assistant_answer = ""
        if chat_history:
            recent_turns = chat_history[-5:]
            for turn in recent_turns:
                history_snippets.append(str(turn.get("query", turn)))
            last_assistant_answer = str(recent_turns[-1].get("answer", ""))
        chat_history_text = " | ".join(history_snippets)

        system_prompt = """
You are an expert at query decomposition for a Retrieval-Augmented Generation (RAG) system.
Return one RFC-8259-compliant JSON object and nothing else.
"""
        full_prompt = (
            system_prompt
            + """

Now process

Input payload:

""" + json.dumps({"query": query, "chat_history": chat_history_text,
                  "last_assistant_answer": last_assistant_answer}, indent=2) + """
"""
        )
        response = self.llm_client.generate_completion(self.llm_model, full_prompt, format="json")
        data = json.loads(response.get('response', '{}'))
        return data.get('sub_queries') or [query]
