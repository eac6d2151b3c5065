"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_normal/prompt.py (lines 11-35), trimmed; not the original text."""

from dbgpt.core import (
    ChatPromptTemplate,
    HumanPromptTemplate,
    MessagesPlaceholder,
    SystemPromptTemplate,
)

PROMPT_SCENE_DEFINE = "You are a helpful AI assistant."

prompt = ChatPromptTemplate(
    messages=[
        SystemPromptTemplate.from_template(PROMPT_SCENE_DEFINE),
        MessagesPlaceholder(variable_name="chat_history"),
        MessagesPlaceholder(variable_name="media_input"),
        HumanPromptTemplate.from_template("{input}"),
    ]
)
