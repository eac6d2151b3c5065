"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_knowledge/v1/prompt.py (lines 36-79), trimmed; not the original text."""

from dbgpt.core import (
    ChatPromptTemplate,
    HumanPromptTemplate,
    MessagesPlaceholder,
    SystemPromptTemplate,
)
from dbgpt_app.scene import AppScenePromptTemplateAdapter, ChatScene

_DEFAULT_TEMPLATE = """ Based on the known information below, provide users with \
professional and concise answers to their questions.
constraints:
    1.Ensure to include original markdown formatting elements such as images, links, \
    tables, or code blocks without alteration in the response if they are present in \
    the provided information.
    2.If the information available in the knowledge base is insufficient to answer the \
    question, state clearly that the knowledge base is not enough, and avoid making up answers.
    3.When responding, it is best to summarize the points in the order of 1, 2, 3.
    4.When citing known information, append the reference index as a superscript.
            known information:
            {context}
            question:
            {question},when answering, use the same language as the "user".
"""

prompt = ChatPromptTemplate(
    messages=[
        SystemPromptTemplate.from_template(_DEFAULT_TEMPLATE),
        MessagesPlaceholder(variable_name="chat_history"),
        HumanPromptTemplate.from_template("{question}"),
    ]
)

prompt_adapter = AppScenePromptTemplateAdapter(
    prompt=prompt, template_scene=ChatScene.ChatKnowledge.value(), stream_out=True
)
