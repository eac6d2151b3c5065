"""Reconstruction of langchain-ai/local-deep-researcher@0be4c86ea71e1671ff273dfc07dc1aab45ed22f8:src/ollama_deep_researcher/graph.py (lines 44-190, 265-385), trimmed; not the original text."""
import json

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_ollama import ChatOllama

from ollama_deep_researcher.prompts import (
    get_current_date,
    json_mode_query_instructions,
    json_mode_reflection_instructions,
    query_writer_instructions,
    reflection_instructions,
    summarizer_instructions,
    tool_calling_query_instructions,
    tool_calling_reflection_instructions,
)


def get_llm(configurable):
    return ChatOllama(base_url=configurable.ollama_base_url, model=configurable.local_llm, temperature=0, format="json")


def generate_search_query_with_structured_output(configurable, messages, tool_class, fallback_query, tool_query_field, json_query_field):
    if configurable.use_tool_calling:
        llm = get_llm(configurable).bind_tools([tool_class])
        result = llm.invoke(messages)
        if not result.tool_calls:
            return {"search_query": fallback_query}
        return {"search_query": result.tool_calls[0]["args"].get(tool_query_field)}
    llm = get_llm(configurable)
    result = llm.invoke(messages)
    try:
        return {"search_query": json.loads(result.content).get(json_query_field) or fallback_query}
    except json.JSONDecodeError:
        return {"search_query": fallback_query}


def generate_query(state, config):
    current_date = get_current_date()
    formatted_prompt = query_writer_instructions.format(
        current_date=current_date, research_topic=state.research_topic
    )
    configurable = config
    messages = [
        SystemMessage(
            content=formatted_prompt + (
                tool_calling_query_instructions if configurable.use_tool_calling
                else json_mode_query_instructions
            )
        ),
        HumanMessage(content="Generate a query for web search:"),
    ]
    return generate_search_query_with_structured_output(configurable, messages, None, f"Tell me more about {state.research_topic}", "query", "query")


def summarize_sources(state, config):
    existing_summary = state.running_summary
    most_recent_web_research = state.web_research_results[-1]
    if existing_summary:
        human_message_content = (
            f"<Existing Summary> \n {existing_summary} \n <Existing Summary>\n\n"
            f"<New Context> \n {most_recent_web_research} \n <New Context>"
            f"Update the Existing Summary with the New Context on this topic: \n <User Input> \n {state.research_topic} \n <User Input>\n\n"
        )
    else:
        human_message_content = (
            f"<Context> \n {most_recent_web_research} \n <Context>"
            f"Create a Summary using the Context on this topic: \n <User Input> \n {state.research_topic} \n <User Input>\n\n"
        )
    llm = ChatOllama(base_url=config.ollama_base_url, model=config.local_llm, temperature=0)
    result = llm.invoke(
        [
            SystemMessage(content=summarizer_instructions),
            HumanMessage(content=human_message_content),
        ]
    )
    return {"running_summary": result.content}


def reflect_on_summary(state, config):
    configurable = config
    formatted_prompt = reflection_instructions.format(
        research_topic=state.research_topic
    )
    messages = [
        SystemMessage(
            content=formatted_prompt + (
                tool_calling_reflection_instructions if configurable.use_tool_calling
                else json_mode_reflection_instructions
            )
        ),
        HumanMessage(
            content=f"Reflect on our existing knowledge: \n === \n {state.running_summary}, \n === \n And now identify a knowledge gap and generate a follow-up web search query:"
        ),
    ]
    return generate_search_query_with_structured_output(configurable, messages, None, f"Tell me more about {state.research_topic}", "follow_up_query", "follow_up_query")
