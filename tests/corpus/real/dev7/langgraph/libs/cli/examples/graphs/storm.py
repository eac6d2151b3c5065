"""Reconstruction of langchain-ai/langgraph@f09cfe8ffc1eeffd68f4b628ed69c30f7cad229f:libs/cli/examples/graphs/storm.py (lines 208-356, 458-485), trimmed; not the original text.

gen_answer adds the query call and the search results (up to 15000 chars) to a copy of the
interview for that one request only; the shared history keeps just the final answer.
"""

import json

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

gen_qn_prompt = ChatPromptTemplate.from_messages(
    [
        ("system", "You are an experienced Wikipedia writer and want to edit a specific page.\nStay true to your specific perspective:\n\n{persona}"),
        MessagesPlaceholder(variable_name="messages", optional=True),
    ]
)

section_writer_prompt = ChatPromptTemplate.from_messages(
    [
        ("system", "You are an expert Wikipedia writer. Complete your assigned WikiSection from the following outline:\n\n{outline}\n\nCite your sources, using the following references:\n\n<Documents>\n{docs}\n<Documents>"),
        ("user", "Write the full WikiSection for the {section} section."),
    ]
)


def swap_roles(state: dict, name: str) -> dict:
    converted = []
    for message in state["messages"]:
        if isinstance(message, AIMessage) and message.name != name:
            message = HumanMessage(**message.model_dump(exclude={"type"}))
        converted.append(message)
    return {"messages": converted}


async def generate_question(state: dict, fast_llm):
    editor = state["editor"]
    chain = gen_qn_prompt.partial(persona=editor.persona) | fast_llm
    result = await chain.ainvoke(swap_roles(state, editor.name))
    return {"messages": [result]}


async def gen_answer(state: dict, gen_queries_chain, gen_answer_chain, search_engine, name: str = "Subject_Matter_Expert", max_str_len: int = 15000):
    swapped_state = swap_roles(state, name)
    queries = await gen_queries_chain.ainvoke(swapped_state)
    query_results = await search_engine.abatch(queries["parsed"].queries, return_exceptions=True)
    successful_results = [res for res in query_results if not isinstance(res, Exception)]
    all_query_results = {res["url"]: res["content"] for results in successful_results for res in results}
    dumped = json.dumps(all_query_results)[:max_str_len]
    ai_message = queries["raw"]
    tool_message = ToolMessage(tool_call_id=ai_message.tool_calls[0]["id"], content=dumped)
    swapped_state["messages"].extend([ai_message, tool_message])  # expect: PL301
    generated = await gen_answer_chain.ainvoke(swapped_state)
    cited_urls = set(generated["parsed"].cited_urls)
    cited_references = {k: v for k, v in all_query_results.items() if k in cited_urls}
    formatted_message = AIMessage(name=name, content=generated["parsed"].as_str)
    return {"messages": [formatted_message], "references": cited_references}


async def retrieve(inputs: dict, retriever):
    docs = await retriever.ainvoke(inputs["topic"] + ": " + inputs["section"])
    formatted = "\n".join(f'<Document href="{doc.metadata["source"]}"/>\n{doc.page_content}\n</Document>' for doc in docs)
    return {"docs": formatted, **inputs}
