"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/routers/helpers.py (lines 296-322, 1398-1468, 1731-1775, 1801-1899), trimmed; not the original text."""

from datetime import datetime, timedelta
from typing import Dict, List

import yaml
from pydantic import BaseModel, Field

from khoj.processor.conversation import prompts
from khoj.processor.conversation.openai.gpt import openai_send_message_to_model
from khoj.processor.conversation.utils import (
    ChatMessageModel,
    UserMemory,
    generate_chatml_messages_with_context,
)


def yaml_dump(data) -> str:
    return yaml.dump(data, allow_unicode=True, sort_keys=False, default_flow_style=False)


def construct_chat_history(chat_history: list[ChatMessageModel], n: int = 4) -> str:
    return "".join(f"{'User' if c.by == 'you' else 'AI'}: {c.message}\n" for c in chat_history[-n:])


async def send_message_to_model_wrapper(query: str, system_message: str = "", chat_history=[], response_schema=None, user=None):
    messages = generate_chatml_messages_with_context(
        user_message=query, chat_history=chat_history, system_message=system_message
    )
    return openai_send_message_to_model(messages=messages, api_key=None, model="gpt-4o-mini", response_schema=response_schema)


async def acreate_title_from_history(user, conversation):
    chat_history = construct_chat_history(conversation.messages)
    title_generation_prompt = prompts.conversation_title_generation.format(chat_history=chat_history)
    response = await send_message_to_model_wrapper(title_generation_prompt, user=user)
    return response.choices[0].message.content.strip()


async def acreate_title_from_query(query: str, user=None) -> str:
    title_generation_prompt = prompts.subject_generation.format(query=query)
    response = await send_message_to_model_wrapper(title_generation_prompt, user=user)
    return response.choices[0].message.content.strip()


async def extract_questions(query: str, user, location_data=None, chat_history: List[ChatMessageModel] = [], max_queries: int = 5, personality_context: str = ""):
    location = f"{location_data}" if location_data else "N/A"  # expect: PL104
    username = prompts.user_name.format(name=user.get_full_name()) if user and user.get_full_name() else ""
    today = datetime.today()  # expect: PL101
    current_new_year = today.replace(month=1, day=1)
    last_new_year = current_new_year.replace(year=today.year - 1)
    yesterday = (today - timedelta(days=1)).strftime("%Y-%m-%d")
    chat_history_str = construct_chat_history(chat_history)
    system_prompt = prompts.extract_questions_system_prompt.format(
        current_date=today.strftime("%Y-%m-%d"),
        day_of_week=today.strftime("%A"),
        current_month=today.strftime("%Y-%m"),
        last_new_year_date=last_new_year.strftime("%Y-%m-%d"),
        current_new_year_date=current_new_year.strftime("%Y-%m-%d"),
        yesterday_date=yesterday,
        location=location,
        username=username,
        personality_context=personality_context,
        max_queries=max_queries,
    )
    prompt = prompts.extract_questions_user_message.format(text=query, chat_history=chat_history_str)

    class DocumentQueries(BaseModel):
        queries: List[str] = Field(..., min_length=1, max_length=max_queries)

    return await send_message_to_model_wrapper(
        query=prompt, system_message=system_prompt, response_schema=DocumentQueries, user=user
    )


def build_conversation_context(
    user_query: str,
    references: List[Dict],
    online_results: Dict[str, Dict],
    relevant_memories: List[UserMemory] | None = None,
    chat_history: List[ChatMessageModel] = [],
    location_data=None,
    user_name: str | None = None,
    max_prompt_size: int = 10000,
):
    current_date = datetime.now()  # expect: PL101
    system_prompt = prompts.personality.format(
        current_date=current_date.strftime("%Y-%m-%d"),
        day_of_week=current_date.strftime("%A"),
    )
    if location_data:
        location_prompt = prompts.user_location.format(location=f"{location_data}")
        system_prompt += f"\n{location_prompt}"
    if user_name:
        user_name_prompt = prompts.user_name.format(name=user_name)
        system_prompt += f"\n{user_name_prompt}"

    # this turn's retrieved context, rendered here; later turns re-render it from the
    # stored chat.context in generate_chatml_messages_with_context, in another form
    context_message = ""
    if references:
        context_message = f"{prompts.notes_conversation.format(references=yaml_dump(references))}\n\n"  # expect: PL301
    if online_results:
        context_message += f"{prompts.online_search_conversation.format(online_results=yaml_dump(online_results))}\n\n"
    context_message = context_message.strip()

    return generate_chatml_messages_with_context(
        user_message=user_query,
        context_message=context_message,
        relevant_memories=relevant_memories,
        chat_history=chat_history,
        system_message=system_prompt,
        max_prompt_size=max_prompt_size,
    )
