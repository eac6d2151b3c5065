"""Reconstruction of pinecone-io/canopy@fabb7d7c8bafffd9c7d0890c1624bec75e5bef77:src/canopy/context_engine/context_builder/stuffing.py (lines 16-103), trimmed; not the original text."""
import json
from itertools import zip_longest
from typing import List

from pydantic import BaseModel, RootModel


class ContextSnippet(BaseModel):
    source: str
    text: str


class ContextQueryResult(BaseModel):
    query: str
    snippets: List[ContextSnippet]


class StuffingContextContent(RootModel):
    root: List[ContextQueryResult]

    def to_text(self, **kwargs):
        return json.dumps(self.model_dump(), **kwargs)


class StuffingContextBuilder:
    def build(self, query_results, max_context_tokens: int):
        context_query_results = [ContextQueryResult(query=qr.query, snippets=[]) for qr in query_results]
        sorted_docs_with_origin = self._round_robin_sort(query_results)
        seen_doc_ids = set()
        for doc, origin_query_idx in sorted_docs_with_origin:
            if doc.id not in seen_doc_ids and doc.text.strip() != "":
                snippet = ContextSnippet(text=doc.text, source=doc.source)
                context_query_results[origin_query_idx].snippets.append(snippet)
                seen_doc_ids.add(doc.id)
        return StuffingContextContent([qr for qr in context_query_results if len(qr.snippets) > 0])

    @staticmethod
    def _round_robin_sort(query_results):
        sorted_docs_with_origin = []
        for docs_tuple in zip_longest(*[qr.documents for qr in query_results], fillvalue=None):
            for idx, doc in enumerate(docs_tuple):
                if doc is not None:
                    sorted_docs_with_origin.append((doc, idx))
        return sorted_docs_with_origin
