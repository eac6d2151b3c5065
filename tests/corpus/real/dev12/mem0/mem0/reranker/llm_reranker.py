"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/reranker/llm_reranker.py (lines 70-165), trimmed; not the original text."""

from typing import Any, Dict, List


class LLMReranker:
    _MAX_INPUT_LEN = 4000
    _SYSTEM_PROMPT = (
        "You are a relevance scoring assistant. "
        "Given a query and a document, score how relevant the document is to the query.\n\n"
        "Score the relevance on a scale from 0.0 to 1.0, where:\n"
        "- 1.0 = Perfectly relevant and directly answers the query\n"
        "- 0.8-0.9 = Highly relevant with good information\n"
    )

    def __init__(self, config, custom_prompt=None):
        self.config = config
        self._system_prompt = custom_prompt if custom_prompt else self._SYSTEM_PROMPT

    def rerank(self, query: str, documents: List[Dict[str, Any]], top_k: int = None):
        scored_docs = []
        for doc in documents:
            doc_text = doc.get("memory") or doc.get("text") or str(doc)
            safe_query = query[: self._MAX_INPUT_LEN]
            safe_doc = doc_text[: self._MAX_INPUT_LEN]
            user_message = f"Query: {safe_query}\n\nDocument: {safe_doc}"
            response = self.llm.generate_response(
                messages=[
                    {"role": "system", "content": self._system_prompt},
                    {"role": "user", "content": user_message},
                ]
            )
            scored_doc = doc.copy()
            scored_doc["rerank_score"] = self._extract_score(response)
            scored_docs.append(scored_doc)
        scored_docs.sort(key=lambda x: x["rerank_score"], reverse=True)
        return scored_docs[:top_k] if top_k else scored_docs
