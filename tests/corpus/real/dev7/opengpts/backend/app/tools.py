"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/tools.py (lines 209-226, 296-325), trimmed; not the original text."""

from functools import lru_cache

from langchain.tools.retriever import create_retriever_tool
from langchain_community.agent_toolkits.connery import ConneryToolkit
from langchain_community.tools.connery import ConneryService
from langchain_community.tools.ddg_search.tool import DuckDuckGoSearchRun

from app.upload import vstore

RETRIEVAL_DESCRIPTION = """Can be used to look up information that was uploaded to this assistant."""


def get_retriever(assistant_id: str, thread_id: str):
    return vstore.as_retriever(search_kwargs={"filter": {"namespace": {"$in": [assistant_id, thread_id]}}})


@lru_cache(maxsize=5)
def get_retrieval_tool(assistant_id: str, thread_id: str, description: str):
    return create_retriever_tool(get_retriever(assistant_id, thread_id), "Retriever", description)


@lru_cache(maxsize=1)
def _get_duck_duck_go():
    return DuckDuckGoSearchRun()


@lru_cache(maxsize=1)
def _get_connery_actions():
    connery_service = ConneryService()
    connery_toolkit = ConneryToolkit.create_instance(connery_service)
    tools = connery_toolkit.get_tools()  # expect: PL201
    return tools


TOOLS = {
    "ai_action_runner_by_connery": _get_connery_actions,
    "ddg_search": _get_duck_duck_go,
}
