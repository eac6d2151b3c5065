"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/agent/collection_router.py (lines 8-56), trimmed; not the original text."""

from deepsearcher.llm.base import BaseLLM

COLLECTION_ROUTE_PROMPT = """
Below are collection names with their descriptions. Pick the collections that may hold the
answer to the question and return them as a python list of str (an empty list if none).

"QUESTION": {question}
"COLLECTION_INFO": {collection_info}

Return ONLY the python list of str. Your selected collection name list is:
"""


class CollectionRouter:
    def __init__(self, llm: BaseLLM, vector_db):
        self.llm = llm
        self.vector_db = vector_db
        self.all_collections = [info.collection_name for info in self.vector_db.list_collections()]

    def invoke(self, query: str):
        collection_infos = self.vector_db.list_collections()
        # called once per (sub-)query: the question comes before the collection list that every call repeats
        vector_db_search_prompt = COLLECTION_ROUTE_PROMPT.format(
            question=query,  # expect: PL104
            collection_info=[
                {"collection_name": info.collection_name, "collection_description": info.description}
                for info in collection_infos
            ],
        )
        chat_response = self.llm.chat(messages=[{"role": "user", "content": vector_db_search_prompt}])
        selected_collections = self.llm.literal_eval(chat_response.content)
        for info in collection_infos:
            if not info.description or self.vector_db.default_collection == info.collection_name:
                selected_collections.append(info.collection_name)
        # set order decides the search order, hence the order of the retrieved chunks
        selected_collections = list(set(selected_collections))
        return selected_collections, chat_response.total_tokens
