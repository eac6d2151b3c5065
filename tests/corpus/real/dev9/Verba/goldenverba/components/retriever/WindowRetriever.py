"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/retriever/WindowRetriever.py (lines 46-221), trimmed; not the original text."""


def generate_window_list(chunk_id, window):
    return list(range(max(0, chunk_id - window), chunk_id + window + 1))


class WindowRetriever:
    async def retrieve(self, client, query, vector, config, weaviate_manager, embedder, labels, document_uuids):
        window = int(config["Chunk Window"].value)
        doc_map = await weaviate_manager.hybrid_chunks(client, embedder, query, vector, labels, document_uuids)

        documents = []
        context_documents = []
        for doc in doc_map:
            additional_chunk_ids = []
            for chunk in doc_map[doc]["chunks"]:
                additional_chunk_ids += generate_window_list(chunk["chunk_id"], window)
            unique_chunk_ids = set(additional_chunk_ids)

            if len(unique_chunk_ids) > 0:
                additional_chunks = await weaviate_manager.get_chunk_by_ids(client, embedder, doc, unique_chunk_ids)
                existing_chunk_ids = set(chunk["chunk_id"] for chunk in doc_map[doc]["chunks"])
                for chunk in additional_chunks:
                    if chunk.properties["chunk_id"] not in existing_chunk_ids:
                        doc_map[doc]["chunks"].append(
                            {"score": 0, "chunk_id": chunk.properties["chunk_id"], "content": chunk.properties["content"]}
                        )
                        existing_chunk_ids.add(chunk.properties["chunk_id"])

            context_chunks = [dict(chunk) for chunk in doc_map[doc]["chunks"]]
            context_chunks_sorted = sorted(context_chunks, key=lambda x: x["chunk_id"])
            documents.append({"title": doc_map[doc]["title"], "score": doc_map[doc]["score"]})
            context_documents.append(
                {
                    "title": doc_map[doc]["title"],
                    "chunks": context_chunks_sorted,
                    "score": doc_map[doc]["score"],
                    "metadata": doc_map[doc]["metadata"],
                }
            )

        sorted_context_documents = sorted(context_documents, key=lambda x: x["score"], reverse=True)
        sorted_documents = sorted(documents, key=lambda x: x["score"], reverse=True)
        context = self.combine_context(sorted_context_documents)
        return (sorted_documents, context)

    def combine_context(self, documents: list[dict]) -> str:
        context = ""
        for document in documents:
            context += f"Document Title: {document['title']}\n"
            if len(document["metadata"]) > 0:
                context += f"Document Metadata: {document['metadata']}\n"
            for chunk in document["chunks"]:
                context += f"Chunk: {int(chunk['chunk_id']) + 1}\n"
                if chunk["score"] > 0:
                    context += f"High Relevancy: {chunk['score']:.2f}\n"
                context += f"{chunk['content']}\n"
            context += "\n\n"
        return context
