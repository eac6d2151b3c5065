"""Reconstruction of QuivrHQ/quivr@947a785415c6c35ab2ae8157222b4720b0710b4d:core/quivr_core/brain/brain.py (lines 497-566), trimmed; not the original text."""

from langchain_core.messages import AIMessage, HumanMessage

from quivr_core.rag.entities.config import RetrievalConfig
from quivr_core.rag.quivr_rag_langgraph import QuivrQARAGLangGraph


class Brain:
    def __init__(self, llm, vector_db, default_chat):
        self.llm = llm
        self.vector_db = vector_db
        self.default_chat = default_chat

    async def ask_streaming(self, question: str, run_id, system_prompt=None, retrieval_config=None, list_files=None, chat_history=None, **input_kwargs):
        if retrieval_config is None:
            retrieval_config = RetrievalConfig(llm_config=self.llm.get_config())
        rag_instance = QuivrQARAGLangGraph(retrieval_config=retrieval_config, llm=self.llm, vector_store=self.vector_db)

        chat_history = self.default_chat if chat_history is None else chat_history
        list_files = [] if list_files is None else list_files

        full_answer = ""
        async for response in rag_instance.answer_astream(
            run_id=run_id,
            question=question,
            system_prompt=system_prompt or None,
            history=chat_history,
            list_files=list_files,
            **input_kwargs,
        ):
            full_answer += response.answer
            yield response

        chat_history.append(HumanMessage(content=question))
        chat_history.append(AIMessage(content=full_answer))
