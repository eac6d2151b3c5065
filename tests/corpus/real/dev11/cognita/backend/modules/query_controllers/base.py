"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/modules/query_controllers/base.py (lines 1-245), trimmed; not the original text."""

import requests
from langchain.prompts import PromptTemplate
from langchain.retrievers import MultiQueryRetriever
from langchain.schema.vectorstore import VectorStoreRetriever
from langchain_core.documents import Document

from backend.modules.model_gateway.model_gateway import model_gateway
from backend.settings import settings


class BaseQueryController:
    def _get_prompt_template(self, input_variables, template):
        return PromptTemplate(input_variables=input_variables, template=template)

    def _format_docs(self, docs):
        return "\n\n".join([doc.page_content for doc in docs])

    def _get_llm(self, model_configuration, stream=False):
        return model_gateway.get_llm_from_model_config(model_configuration, stream)

    def _get_vector_store_retriever(self, vector_store, retriever_config):
        return VectorStoreRetriever(
            vectorstore=vector_store,
            search_type=retriever_config.search_type,
            search_kwargs=retriever_config.search_kwargs,
        )

    def _get_multi_query_retriever(self, vector_store, retriever_config, retriever_type="vectorstore"):
        base_retriever = self._get_vector_store_retriever(vector_store, retriever_config)
        return MultiQueryRetriever.from_llm(
            retriever=base_retriever,
            llm=self._get_llm(retriever_config.retriever_llm_configuration),
        )

    def _intent_summary_search(self, query: str):
        url = f"https://api.search.brave.com/res/v1/web/search?q={query}&summary=1"
        headers = {"Accept": "application/json", "X-Subscription-Token": f"{settings.BRAVE_API_KEY}"}
        answer = requests.request("GET", url, headers=headers).json()
        if "summarizer" in answer.keys():
            url = f"https://api.search.brave.com/res/v1/summarizer/search?key={answer['summarizer']['key']}"
            return requests.request("GET", url, headers=headers).json()["summary"][0]["data"]
        return ""

    def _internet_search(self, context):
        if settings.BRAVE_API_KEY:
            data_context, question = context["context"], context["question"]
            intent_summary_results = self._intent_summary_search(question)
            data_context.insert(
                0,
                Document(page_content=intent_summary_results, metadata={"_data_point_fqn": "internet::Internet"}),
            )
            context["context"] = data_context
        return context

    async def _stream_answer(self, rag_chain, query):
        async for chunk in rag_chain.astream(query):
            if "answer" in chunk:
                yield chunk["answer"]
