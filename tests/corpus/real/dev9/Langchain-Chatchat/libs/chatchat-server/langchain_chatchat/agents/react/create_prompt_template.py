"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/langchain_chatchat/agents/react/create_prompt_template.py (lines 162-197), trimmed; not the original text."""

import langchain_core
from langchain_core.prompts import ChatPromptTemplate


def create_prompt_platform_knowledge_mode_template(model_name: str, template: dict):
    SYSTEM_PROMPT = template.get("SYSTEM_PROMPT")
    HUMAN_MESSAGE = template.get("HUMAN_MESSAGE")
    prompt = ChatPromptTemplate(
        input_variables=["input"],
        messages=[
            langchain_core.prompts.SystemMessagePromptTemplate(
                prompt=langchain_core.prompts.PromptTemplate(
                    input_variables=["current_working_directory", "tools", "mcp_tools"], template=SYSTEM_PROMPT
                )
            ),
            langchain_core.prompts.MessagesPlaceholder(variable_name="chat_history", optional=True),
            langchain_core.prompts.HumanMessagePromptTemplate(  # expect: PL301
                prompt=langchain_core.prompts.PromptTemplate(
                    input_variables=["input", "datetime"],
                    template=HUMAN_MESSAGE,
                )
            ),
            langchain_core.prompts.MessagesPlaceholder(variable_name="agent_scratchpad"),
        ],
    )
    return prompt
