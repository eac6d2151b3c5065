"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/modules/query_controllers/multimodal/controller.py (lines 28-134), trimmed; not the original text."""

from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableParallel, RunnablePassthrough

from backend.modules.query_controllers.base import BaseQueryController
from backend.modules.query_controllers.multimodal.payload import PROMPT


class MultiModalRAGQueryController(BaseQueryController):
    def _generate_payload_for_vlm(self, prompt: str, images_set: set):
        content = [{"type": "text", "text": prompt}]
        for b64_image in images_set:
            content.append(
                {
                    "type": "image_url",
                    "image_url": {"url": f"data:image/jpeg;base64,{b64_image}", "detail": "high"},
                }
            )
        return [HumanMessage(content=content)]

    async def answer(self, request):
        vector_store = await self._get_vector_store(request.collection_name)
        retriever = await self._get_retriever(
            vector_store=vector_store,
            retriever_name=request.retriever_name,
            retriever_config=request.retriever_config,
        )
        llm = self._get_llm(request.model_configuration, request.stream)
        try:
            prompt = request.prompt_template.format(question=request.query)
        except Exception:
            prompt = PROMPT.format(question=request.query)
        setup_and_retrieval = RunnableParallel({"context": retriever, "question": RunnablePassthrough()})
        images_set = set()
        if request.internet_search_enabled:
            outputs = await (setup_and_retrieval | self._internet_search).ainvoke(request.query)
            internet_search_result = outputs["context"][0].page_content
            prompt += f"\nContext: {internet_search_result}"
        else:
            outputs = await setup_and_retrieval.ainvoke(request.query)
        if "context" in outputs:
            for doc in outputs["context"]:
                image_b64 = doc.metadata.get("image_b64", None)
                if image_b64 is not None:
                    images_set.add(image_b64)
                    doc.metadata.pop("image_b64")
        message_payload = self._generate_payload_for_vlm(prompt=prompt, images_set=images_set)
        response = await llm.ainvoke(message_payload)
        return {"answer": response.content, "docs": outputs["context"]}
