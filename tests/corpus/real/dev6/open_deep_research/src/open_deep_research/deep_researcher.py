"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/open_deep_research/deep_researcher.py (lines 60-223, 365-424, 511-697), trimmed; not the original text."""

import asyncio

from langchain.chat_models import init_chat_model
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage, get_buffer_string
from langgraph.types import Command

from open_deep_research.configuration import Configuration
from open_deep_research.prompts import (
    clarify_with_user_instructions,
    compress_research_simple_human_message,
    compress_research_system_prompt,
    final_report_generation_prompt,
    lead_researcher_prompt,
    research_system_prompt,
    transform_messages_into_research_topic_prompt,
)
from open_deep_research.state import ClarifyWithUser, ConductResearch, ResearchComplete, ResearchQuestion
from open_deep_research.utils import (
    get_all_tools,
    get_today_str,
    is_token_limit_exceeded,
    remove_up_to_last_ai_message,
    think_tool,
)

configurable_model = init_chat_model(configurable_fields=("model", "max_tokens", "api_key"))


async def clarify_with_user(state, config):
    configurable = Configuration.from_runnable_config(config)
    if not configurable.allow_clarification:
        return Command(goto="write_research_brief")
    messages = state["messages"]
    clarification_model = configurable_model.with_structured_output(ClarifyWithUser)
    prompt_content = clarify_with_user_instructions.format(
        messages=get_buffer_string(messages),
        date=get_today_str(),
    )
    response = await clarification_model.ainvoke([HumanMessage(content=prompt_content)])
    if response.need_clarification:
        return Command(goto="__end__", update={"messages": [AIMessage(content=response.question)]})
    return Command(goto="write_research_brief", update={"messages": [AIMessage(content=response.verification)]})


async def write_research_brief(state, config):
    configurable = Configuration.from_runnable_config(config)
    research_model = configurable_model.with_structured_output(ResearchQuestion)
    prompt_content = transform_messages_into_research_topic_prompt.format(
        messages=get_buffer_string(state.get("messages", [])),
        date=get_today_str(),
    )
    response = await research_model.ainvoke([HumanMessage(content=prompt_content)])
    supervisor_system_prompt = lead_researcher_prompt.format(
        date=get_today_str(),  # expect: PL101
        max_concurrent_research_units=configurable.max_concurrent_research_units,
        max_researcher_iterations=configurable.max_researcher_iterations,
    )
    return Command(
        goto="research_supervisor",
        update={
            "research_brief": response.research_brief,
            "supervisor_messages": {
                "type": "override",
                "value": [
                    SystemMessage(content=supervisor_system_prompt),
                    HumanMessage(content=response.research_brief),
                ],
            },
        },
    )


async def supervisor(state, config):
    lead_researcher_tools = [ConductResearch, ResearchComplete, think_tool]
    research_model = configurable_model.bind_tools(lead_researcher_tools)
    supervisor_messages = state.get("supervisor_messages", [])
    response = await research_model.ainvoke(supervisor_messages)
    return Command(
        goto="supervisor_tools",
        update={
            "supervisor_messages": [response],
            "research_iterations": state.get("research_iterations", 0) + 1,
        },
    )


async def supervisor_tools(state, config):
    most_recent_message = state.get("supervisor_messages", [])[-1]
    all_tool_messages = []
    for tool_call in most_recent_message.tool_calls:
        if tool_call["name"] == "think_tool":
            all_tool_messages.append(
                ToolMessage(
                    content=f"Reflection recorded: {tool_call['args']['reflection']}",
                    name="think_tool",
                    tool_call_id=tool_call["id"],
                )
            )
    return Command(goto="supervisor", update={"supervisor_messages": all_tool_messages})


async def researcher(state, config):
    configurable = Configuration.from_runnable_config(config)
    researcher_messages = state.get("researcher_messages", [])
    tools = await get_all_tools(config)
    researcher_prompt = research_system_prompt.format(
        mcp_prompt=configurable.mcp_prompt or "",
        date=get_today_str(),  # expect: PL101
    )
    research_model = configurable_model.bind_tools(tools)
    messages = [SystemMessage(content=researcher_prompt)] + researcher_messages
    response = await research_model.ainvoke(messages)
    return Command(
        goto="researcher_tools",
        update={"researcher_messages": [response], "tool_call_iterations": state.get("tool_call_iterations", 0) + 1},
    )


async def compress_research(state, config):
    configurable = Configuration.from_runnable_config(config)
    synthesizer_model = configurable_model.with_config({"model": configurable.compression_model})
    researcher_messages = state.get("researcher_messages", [])
    researcher_messages.append(HumanMessage(content=compress_research_simple_human_message))
    synthesis_attempts = 0
    while synthesis_attempts < 3:
        try:
            compression_prompt = compress_research_system_prompt.format(date=get_today_str())  # expect: PL101
            messages = [SystemMessage(content=compression_prompt)] + researcher_messages
            response = await synthesizer_model.ainvoke(messages)
            return {"compressed_research": str(response.content)}
        except Exception as e:
            synthesis_attempts += 1
            if is_token_limit_exceeded(e, configurable.research_model):
                researcher_messages = remove_up_to_last_ai_message(researcher_messages)
    return {"compressed_research": "Error synthesizing research report: Maximum retries exceeded"}


async def final_report_generation(state, config):
    findings = "\n".join(state.get("notes", []))
    configurable = Configuration.from_runnable_config(config)
    current_retry = 0
    findings_token_limit = 400_000
    while current_retry <= 3:
        try:
            final_report_prompt = final_report_generation_prompt.format(
                research_brief=state.get("research_brief", ""),
                messages=get_buffer_string(state.get("messages", [])),
                findings=findings,
                date=get_today_str(),
            )
            final_report = await configurable_model.ainvoke([HumanMessage(content=final_report_prompt)])
            return {"final_report": final_report.content, "messages": [final_report]}
        except Exception as e:
            if not is_token_limit_exceeded(e, configurable.final_report_model):
                return {"final_report": f"Error generating final report: {e}"}
            current_retry += 1
            findings_token_limit = int(findings_token_limit * 0.9)
            findings = findings[:findings_token_limit]
    return {"final_report": "Error generating final report: Maximum retries exceeded"}
