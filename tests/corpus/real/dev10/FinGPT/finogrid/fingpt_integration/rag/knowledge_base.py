"""Reconstruction of AI4Finance-Foundation/FinGPT@ec315843886de0906692782090127d37f5400d60:finogrid/fingpt_integration/rag/knowledge_base.py (lines 85-123), trimmed; not the original text."""

from pathlib import Path


class FinoGridKnowledgeBase:
    def __init__(self, collection):
        self._collection = collection

    def index_document(self, doc_id: str, text: str, metadata=None):
        self._collection.upsert(ids=[doc_id], documents=[text], metadatas=[metadata or {}])

    def index_directory(self, directory: str, glob_pattern: str = "**/*.md"):
        root = Path(directory)
        for path in root.glob(glob_pattern):
            text = path.read_text(encoding="utf-8", errors="ignore")
            self.index_document(doc_id=str(path.relative_to(root)), text=text, metadata={"file": str(path)})

    def query(self, question: str, n_results: int = 5) -> list:
        results = self._collection.query(query_texts=[question], n_results=n_results)
        return [{"text": doc, "source": results["metadatas"][0][i].get("source_id", "unknown")} for i, doc in enumerate(results["documents"][0])]

    def build_context(self, question: str, n_results: int = 5) -> str:
        chunks = self.query(question, n_results=n_results)
        context = "\n\n---\n\n".join(f"[Source: {c['source']}]\n{c['text']}" for c in chunks)
        return context
