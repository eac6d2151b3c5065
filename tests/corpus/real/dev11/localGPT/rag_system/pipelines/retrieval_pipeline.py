"""Reconstruction of PromtEngineer/localGPT@34f3107f56a88203859092312231b945a711c619:rag_system/pipelines/retrieval_pipeline.py (lines 556-600, 1611-1625), trimmed; not the original text."""


class RetrievalPipeline:
    def __init__(self, ollama_client, ollama_config):
        self.ollama_client = ollama_client
        self.ollama_config = ollama_config

    def _synthesize_final_answer(self, query: str, facts: str) -> str:
        prompt = f"""
You are answering strictly from the retrieved snippets below.

Hard rules, these override anything you believe you know:
1. Use ONLY information stated in the snippets.
2. If the snippets disagree with what you remember, the snippets are correct.
3. Copy every number, identifier, code and quoted phrase character-for-character from a snippet.

–––––  Retrieved Snippets  –––––
{facts}
––––––––––––––––––––––––––––––

ORIGINAL QUESTION: "{query}"
"""
        return "".join(self.ollama_client.stream_completion(model=self.ollama_config["generation_model"], prompt=prompt))

    def _run_after_candidates(self, query: str, final_docs):
        context = "\n\n".join(
            f"[Source document: {doc.get('document_id') or 'unknown'}]\n{doc['text']}"
            for doc in final_docs)
        final_answer = self._synthesize_final_answer(query, context)
        return {"answer": final_answer, "source_documents": final_docs}
