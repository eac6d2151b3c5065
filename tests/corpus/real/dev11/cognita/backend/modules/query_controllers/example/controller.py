"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/modules/query_controllers/example/controller.py (lines 22-113), trimmed; not the original text."""

from langchain_core.output_parsers import StrOutputParser
from langchain_core.runnables import RunnableParallel, RunnablePassthrough

from backend.modules.query_controllers.base import BaseQueryController


class BasicRAGQueryController(BaseQueryController):
    async def answer(self, request):
        vector_store = await self._get_vector_store(request.collection_name)
        QA_PROMPT = self._get_prompt_template(
            input_variables=["context", "question"],
            template=request.prompt_template,
        )
        llm = self._get_llm(request.model_configuration, request.stream)
        retriever = await self._get_retriever(
            vector_store=vector_store,
            retriever_name=request.retriever_name,
            retriever_config=request.retriever_config,
        )
        rag_chain_from_docs = (
            RunnablePassthrough.assign(context=(lambda x: self._format_docs(x["context"])))
            | QA_PROMPT
            | llm
            | StrOutputParser()
        )
        rag_chain_with_source = RunnableParallel({"context": retriever, "question": RunnablePassthrough()})
        if request.internet_search_enabled:
            rag_chain_with_source = (rag_chain_with_source | self._internet_search).assign(answer=rag_chain_from_docs)
        else:
            rag_chain_with_source = rag_chain_with_source.assign(answer=rag_chain_from_docs)
        outputs = await rag_chain_with_source.ainvoke(request.query)
        return {"answer": outputs["answer"]}
