"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/verba_manager.py (lines 705-746), trimmed; not the original text."""

from goldenverba.components.managers import GeneratorManager


class VerbaManager:
    def __init__(self, weaviate_manager, embedder_manager, retriever_manager):
        self.weaviate_manager = weaviate_manager
        self.embedder_manager = embedder_manager
        self.retriever_manager = retriever_manager
        self.generator_manager = GeneratorManager()

    async def retrieve_chunks(self, client, query: str, rag_config: dict, labels: list[str] = [], document_uuids: list[str] = []):
        retriever = rag_config["Retriever"].selected
        embedder = rag_config["Embedder"].selected

        await self.weaviate_manager.add_suggestion(client, query)

        vector = await self.embedder_manager.vectorize_query(embedder, query, rag_config)
        documents, context = await self.retriever_manager.retrieve(
            client, retriever, query, vector, rag_config, self.weaviate_manager, labels, document_uuids
        )
        return (documents, context)

    async def generate_stream_answer(self, rag_config: dict, query: str, context: str, conversation: list[dict]):
        full_text = ""
        async for result in self.generator_manager.generate_stream(rag_config, query, context, conversation):
            full_text += result["message"]
            yield result
