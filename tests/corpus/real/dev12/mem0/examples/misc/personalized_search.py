"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:examples/misc/personalized_search.py (lines 72-180), trimmed; not the original text."""

from datetime import datetime

from langchain.agents import AgentExecutor, create_openai_tools_agent
from langchain_core.messages import HumanMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_tavily import TavilySearch


def get_user_context(user_id, query):
    filters = {"AND": [{"user_id": user_id}]}
    user_memories = mem0_client.search(query=query, version="v2", filters=filters)
    if user_memories:
        return "\n".join([f"- {memory['memory']}" for memory in user_memories])
    return "No previous user context available."


def create_personalized_search_agent(user_context):
    tavily_search = TavilySearch(max_results=10, search_depth="advanced", include_answer=True, topic="general")
    tools = [tavily_search]
    prompt = ChatPromptTemplate.from_messages([
        ("system", f"""You are a personalized search assistant. You help users find information that's relevant to their specific context and preferences.

USER CONTEXT AND PREFERENCES:
{user_context}

YOUR ROLE:
1. Analyze the user's query and their personal context/preferences above
2. Look for patterns in the context to understand their preferences, location, lifestyle, family situation, etc.
3. Create enhanced search queries that incorporate relevant personal context you discover
4. Use the tavily_search tool everytime with enhanced queries to find personalized results

INSTRUCTIONS:
- Study the user memories carefully to understand their situation
- If memories mention specific locations, consider them for local searches
- If memories reveal dietary preferences or restrictions, factor those in for food-related queries
- Always explain which specific memories led you to personalize the search in certain ways

Do NOT assume anything not present in the user memories."""),
        MessagesPlaceholder(variable_name="messages"),
        MessagesPlaceholder(variable_name="agent_scratchpad"),
    ])
    agent = create_openai_tools_agent(llm=llm, tools=tools, prompt=prompt)
    return AgentExecutor(agent=agent, tools=tools, return_intermediate_steps=True)


def conduct_personalized_search(user_id, query):
    start_time = datetime.now()
    user_context = get_user_context(user_id, query)
    agent_executor = create_personalized_search_agent(user_context)
    response = agent_executor.invoke({"messages": [HumanMessage(content=query)]})
    duration = (datetime.now() - start_time).total_seconds()
    return {"response": response["output"], "duration": duration}
