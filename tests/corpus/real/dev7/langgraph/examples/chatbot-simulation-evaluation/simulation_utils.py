"""Reconstruction of langchain-ai/langgraph@f09cfe8ffc1eeffd68f4b628ed69c30f7cad229f:examples/chatbot-simulation-evaluation/simulation_utils.py (lines 32-185), trimmed; not the original text.

The simulated user sees the conversation with the roles swapped, the same way on every turn.
"""

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_openai import ChatOpenAI


def create_simulated_user(system_prompt: str, llm=None):
    return ChatPromptTemplate.from_messages(
        [
            ("system", system_prompt),
            MessagesPlaceholder(variable_name="messages"),
        ]
    ) | (llm or ChatOpenAI(model="gpt-3.5-turbo")).with_config(run_name="simulated_user")


def _swap_roles(state: dict) -> dict:
    new_messages = []
    for m in state["messages"]:
        if isinstance(m, AIMessage):
            new_messages.append(HumanMessage(content=m.content))
        else:
            new_messages.append(AIMessage(content=m.content))
    return {"inputs": state.get("inputs", {}), "messages": new_messages}


def _invoke_simulated_user(state: dict, simulated_user):
    inputs = state.get("inputs", {})
    inputs["messages"] = state["messages"]
    return simulated_user.invoke(inputs)
