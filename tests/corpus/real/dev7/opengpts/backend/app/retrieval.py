"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/retrieval.py (lines 16-141), trimmed; not the original text.

The RAG bot: each turn retrieves documents for the turn's query and puts them into the system
message, ahead of the chat history.
"""

import operator
from typing import Annotated, List, Sequence, TypedDict
from uuid import uuid4

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.prompts import PromptTemplate
from langchain_core.runnables import chain
from langgraph.graph import END
from langgraph.graph.state import StateGraph

from app.message_types import LiberalToolMessage, add_messages_liberal

search_prompt = PromptTemplate.from_template(
    """Given the conversation below, come up with a search query to look up.
Return only the search query.

>>> Conversation:
{conversation}
>>> END OF CONVERSATION

Return only the query that helps answer the conversation above."""
)

response_prompt_template = """{instructions}

Answer the user with the context below only; do not make anything up.

{context}"""


def get_retrieval_executor(llm, retriever, system_message: str, checkpoint):
    class AgentState(TypedDict):
        messages: Annotated[List[BaseMessage], add_messages_liberal]
        msg_count: Annotated[int, operator.add]

    def _get_messages(messages):
        chat_history = []
        for m in messages:
            if isinstance(m, AIMessage) and not m.tool_calls:
                chat_history.append(m)
            if isinstance(m, HumanMessage):
                chat_history.append(m)
        response = messages[-1].content
        content = "\n".join([d["page_content"] for d in response])
        return [
            SystemMessage(content=response_prompt_template.format(instructions=system_message, context=content))
        ] + chat_history

    @chain
    async def get_search_query(messages: Sequence[BaseMessage]):
        convo = []
        for m in messages:
            if isinstance(m, AIMessage) and "function_call" not in m.additional_kwargs:
                convo.append(f"AI: {m.content}")
            if isinstance(m, HumanMessage):
                convo.append(f"Human: {m.content}")
        prompt = await search_prompt.ainvoke({"conversation": "\n".join(convo)})
        return await llm.ainvoke(prompt, {"tags": ["nostream"]})

    async def invoke_retrieval(state):
        messages = state["messages"]
        if len(messages) == 1:
            query = messages[-1].content
            search_id = None
        else:
            search_query = await get_search_query.ainvoke(messages)
            query = search_query.content
            search_id = search_query.id
        tool_call = {"id": uuid4().hex, "name": "retrieval", "args": {"query": query}}
        return {"messages": [AIMessage(id=search_id, content="", tool_calls=[tool_call])]}

    async def retrieve(state):
        params = state["messages"][-1].tool_calls[0]
        response = await retriever.ainvoke(params["args"]["query"])  # expect: PL104
        response = [doc.model_dump() for doc in response]
        msg = LiberalToolMessage(name="retrieval", content=response, tool_call_id=params["id"])
        return {"messages": [msg], "msg_count": 1}

    def call_model(state):
        response = llm.invoke(_get_messages(state["messages"]))
        return {"messages": [response], "msg_count": 1}

    workflow = StateGraph(AgentState)
    workflow.add_node("invoke_retrieval", invoke_retrieval)
    workflow.add_node("retrieve", retrieve)
    workflow.add_node("response", call_model)
    workflow.set_entry_point("invoke_retrieval")
    workflow.add_edge("invoke_retrieval", "retrieve")
    workflow.add_edge("retrieve", "response")
    workflow.add_edge("response", END)
    return workflow.compile(checkpointer=checkpoint)
