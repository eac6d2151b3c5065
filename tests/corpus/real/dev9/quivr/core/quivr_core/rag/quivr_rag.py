"""Reconstruction of QuivrHQ/quivr@947a785415c6c35ab2ae8157222b4720b0710b4d:core/quivr_core/rag/quivr_rag.py (lines 55-186), trimmed; not the original text."""

from operator import itemgetter

from langchain_core.output_parsers import StrOutputParser
from langchain_core.runnables import RunnableLambda, RunnablePassthrough

from quivr_core.rag.prompts import TemplatePromptName, custom_prompts
from quivr_core.rag.utils import combine_documents, format_file_list


class QuivrQARAG:
    def __init__(self, *, retrieval_config, llm, vector_store, reranker=None):
        self.retrieval_config = retrieval_config
        self.vector_store = vector_store
        self.llm_endpoint = llm
        self.reranker = reranker

    def filter_history(self, chat_history):
        total_tokens = 0
        total_pairs = 0
        filtered_chat_history = []
        for human_message, ai_message in chat_history.iter_pairs():
            message_tokens = (len(human_message.content) + len(ai_message.content)) // 4
            if (  # expect: PL301
                total_tokens + message_tokens > self.retrieval_config.llm_config.max_output_tokens
                or total_pairs >= self.retrieval_config.max_history
            ):
                break
            filtered_chat_history.append(human_message)
            filtered_chat_history.append(ai_message)
            total_tokens += message_tokens
            total_pairs += 1
        return filtered_chat_history[::-1]

    def build_chain(self, files: str):
        loaded_memory = RunnablePassthrough.assign(
            chat_history=RunnableLambda(lambda x: self.filter_history(x["chat_history"])),
            question=lambda x: x["question"],
        )
        standalone_question = {
            "standalone_question": {
                "question": lambda x: x["question"],
                "chat_history": itemgetter("chat_history"),
            }
            | custom_prompts[TemplatePromptName.DEFAULT_DOCUMENT_PROMPT]
            | self.llm_endpoint._llm
            | StrOutputParser(),
        }
        retrieved_documents = {
            "docs": itemgetter("standalone_question") | self.vector_store.as_retriever(),
            "question": lambda x: x["standalone_question"],
            "custom_instructions": lambda x: self.retrieval_config.prompt,
        }
        final_inputs = {
            "context": lambda x: combine_documents(x["docs"]),
            "question": itemgetter("question"),
            "custom_instructions": itemgetter("custom_instructions"),
            "files": lambda _: files,
        }
        answer = {
            "answer": final_inputs | custom_prompts[TemplatePromptName.RAG_ANSWER_PROMPT] | self.llm_endpoint._llm,
            "docs": itemgetter("docs"),
        }
        return loaded_memory | standalone_question | retrieved_documents | answer

    def answer(self, question: str, history, list_files, metadata={}):
        concat_list_files = format_file_list(list_files, self.retrieval_config.max_files)
        chain = self.build_chain(concat_list_files)
        return chain.invoke({"question": question, "chat_history": history, "custom_instructions": self.retrieval_config.prompt})
