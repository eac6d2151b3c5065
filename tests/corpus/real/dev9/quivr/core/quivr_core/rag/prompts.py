"""Reconstruction of QuivrHQ/quivr@947a785415c6c35ab2ae8157222b4720b0710b4d:core/quivr_core/rag/prompts.py (lines 28-360), trimmed; not the original text."""

import datetime
import types
from enum import Enum

from langchain_core.prompts import (
    ChatPromptTemplate,
    HumanMessagePromptTemplate,
    MessagesPlaceholder,
    PromptTemplate,
    SystemMessagePromptTemplate,
)


class TemplatePromptName(str, Enum):
    ZENDESK_TEMPLATE_PROMPT = "ZENDESK_TEMPLATE_PROMPT"
    TOOL_ROUTING_PROMPT = "TOOL_ROUTING_PROMPT"
    RAG_ANSWER_PROMPT = "RAG_ANSWER_PROMPT"
    CONDENSE_TASK_PROMPT = "CONDENSE_TASK_PROMPT"
    DEFAULT_DOCUMENT_PROMPT = "DEFAULT_DOCUMENT_PROMPT"
    CHAT_LLM_PROMPT = "CHAT_LLM_PROMPT"
    UPDATE_PROMPT = "UPDATE_PROMPT"
    SPLIT_PROMPT = "SPLIT_PROMPT"


def _define_custom_prompts():
    custom_prompts = {}

    today_date = datetime.datetime.now().strftime("%B %d, %Y")  # expect: PL101

    system_message_template = (
        "Given a chat history and the latest user task, rewrite the task so that it "
        "stands alone. Do not complete it, just return it."
    )
    template_answer = "User task: {task}\n Standalone task:"
    custom_prompts[TemplatePromptName.CONDENSE_TASK_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_template),
            MessagesPlaceholder(variable_name="chat_history"),
            HumanMessagePromptTemplate.from_template(template_answer),
        ]
    )

    system_message_template = f"Your name is Quivr, a helpful assistant. Today's date is {today_date}. "
    system_message_template += (
        "- Answer in markdown, concisely, in the user's language.\n"
        "- Use ONLY the provided context, never prior knowledge.\n"
        "- Do not apologize and do not cite source ids.\n\n"
    )
    context_template = (
        "\n"
        "- Files you can use (first 20 only): {files}\n"
        "- Context you can use: {context}\n"
        "- User instructions to follow: {custom_instructions}\n"
    )
    template_answer = (
        "Original task: {task}\n"  # expect: PL301
        "Rephrased and contextualized task: {rephrased_task}\n"
        "Complete ALL tasks; if the context cannot answer, say so.\n"
    )
    custom_prompts[TemplatePromptName.RAG_ANSWER_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_template),
            MessagesPlaceholder(variable_name="chat_history"),
            SystemMessagePromptTemplate.from_template(context_template),
            HumanMessagePromptTemplate.from_template(template_answer),
        ]
    )

    custom_prompts[TemplatePromptName.DEFAULT_DOCUMENT_PROMPT] = PromptTemplate.from_template(
        template="Filename: {original_file_name}\nSource: {index} \n {page_content}"
    )

    system_message_template = f"Your name is Quivr, a helpful assistant. Today's date is {today_date}."
    system_message_template += "\n    If not None, also follow these user instructions: {custom_instructions}\n"
    custom_prompts[TemplatePromptName.CHAT_LLM_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_template),
            MessagesPlaceholder(variable_name="chat_history"),
            HumanMessagePromptTemplate.from_template("User Task: {task}\n Answer:"),
        ]
    )

    system_message_template = (
        "- Given the user instruction, the current system prompt and the tools, update the prompt "
        "and decide which tools to activate.\n"
        "- Keep the prompt generic, concise and free of duplicates.\n"
        "- Current system prompt: {system_prompt}\n"
        "- List of available tools: {available_tools}\n"
        "- List of activated tools: {activated_tools}\n\n"
    )
    custom_prompts[TemplatePromptName.UPDATE_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_template),
            HumanMessagePromptTemplate.from_template("User instructions: {instruction}\n"),
        ]
    )

    system_message_template = (
        "Given a chat history and the user input, split it into instructions and standalone tasks. "
        "Do not answer the tasks."
    )
    custom_prompts[TemplatePromptName.SPLIT_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_template),
            MessagesPlaceholder(variable_name="chat_history"),
            HumanMessagePromptTemplate.from_template("User input: {user_input}"),
        ]
    )

    system_message_template = (
        "Given the tasks, decide whether each can be completed from the context and chat history; "
        "if not, pick the most suitable listed tool, or none.\n"
    )
    custom_prompts[TemplatePromptName.TOOL_ROUTING_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_template),
            MessagesPlaceholder(variable_name="chat_history"),
            SystemMessagePromptTemplate.from_template("Context: {context}\n {activated_tools}\n"),
            HumanMessagePromptTemplate.from_template("Tasks: {tasks}\n"),
        ]
    )

    system_message_zendesk_template = """
    You are a Customer Service Agent on Zendesk answering a client query from the user's metadata,
    the ticket's metadata and history, and similar tickets. Never leave placeholders to fill in.
    Do not invent information; prefer the most recent tickets.

    Here is the current time: {current_time} UTC

    <default instructions>
    - Match the length, tone and format of similar tickets.
    - Answer in the user's language, without a signature.
    </default instructions>

    <instructions from me>
    {guidelines}
    </instructions from me>
    """
    user_prompt_template = """
    <user_metadata>
    {user_metadata}
    </user_metadata>
    <ticket_metadata>
    {ticket_metadata}
    </ticket_metadata>
    <similar_tickets>
    {similar_tickets}
    </similar_tickets>
    <ticket_history>
    {ticket_history}
    </ticket_history>
    <additional_information>
    {additional_information}
    </additional_information>
    <client_query>
    {client_query}
    </client_query>
    Answer with the message to send to the customer:"""
    custom_prompts[TemplatePromptName.ZENDESK_TEMPLATE_PROMPT] = ChatPromptTemplate.from_messages(
        [
            SystemMessagePromptTemplate.from_template(system_message_zendesk_template),
            HumanMessagePromptTemplate.from_template(user_prompt_template),
        ]
    )
    return custom_prompts


_templ_registry = _define_custom_prompts()

custom_prompts = types.MappingProxyType(_templ_registry)
