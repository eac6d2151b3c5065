"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/modules/query_controllers/example/payload.py (lines 1-20), trimmed; not the original text."""

PROMPT = "You are an AI assistant specialising in information retrieval and analysis. Answer the following question based only on the given context:\nContext: {context} \nQuestion: {question}"

QUERY_WITH_VECTOR_STORE_RETRIEVER_PAYLOAD = {
    "collection_name": "creditcard",
    "query": "What are the features of Diners club black metal edition?",
    "model_configuration": {"name": "truefoundry/openai-main/gpt-4o-mini", "parameters": {"temperature": 0.1}},
    "prompt_template": PROMPT,
    "retriever_name": "vectorstore",
    "retriever_config": {"search_type": "similarity", "search_kwargs": {"k": 5}},
    "stream": False,
}
