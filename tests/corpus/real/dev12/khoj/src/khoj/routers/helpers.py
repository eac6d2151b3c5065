"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/routers/helpers.py (lines 479-531, 548-598, 1398-1460, 1801-1897), trimmed; not the original text."""

from datetime import datetime, timezone
from typing import Dict, List

from khoj.processor.conversation import prompts
from khoj.processor.conversation.utils import construct_chat_history, construct_question_history, generate_chatml_messages_with_context
from khoj.utils.yaml import yaml_dump


async def infer_webpage_urls(q: str, max_webpages: int, chat_history, location_data, user, agent=None, tracer: dict = {}) -> List[str]:
    location = f"{location_data}" if location_data else "Unknown"
    username = prompts.user_name.format(name=user.get_full_name()) if user.get_full_name() else ""
    chat_history_str = construct_chat_history(chat_history)
    utc_date = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    online_queries_prompt = prompts.infer_webpages_to_read.format(
        query=q,
        max_webpages=max_webpages,
        chat_history=chat_history_str,
        current_date=utc_date,
        location=location,
        username=username,
        personality_context="",
    )
    raw_response = await send_message_to_model_wrapper(online_queries_prompt, response_type="json_object", user=user, tracer=tracer)
    return raw_response.text


async def generate_online_subqueries(q: str, chat_history, location_data, user, max_queries: int = 3, agent=None, tracer: dict = {}):
    location = f"{location_data}" if location_data else "Unknown"
    username = prompts.user_name.format(name=user.get_full_name()) if user.get_full_name() else ""
    chat_history_str = construct_chat_history(chat_history)
    utc_date = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    online_queries_prompt = prompts.online_search_conversation_subqueries.format(
        query=q,
        chat_history=chat_history_str,
        max_queries=max_queries,
        current_date=utc_date,
        location=location,
        username=username,
        personality_context="",
    )
    raw_response = await send_message_to_model_wrapper(online_queries_prompt, response_type="json_object", user=user, tracer=tracer)
    return raw_response.text


async def extract_questions(query: str, user, location_data=None, chat_history=[], max_queries: int = 5, tracer: dict = {}):
    location = f"{location_data}" if location_data else "N/A"
    username = prompts.user_name.format(name=user.get_full_name()) if user and user.get_full_name() else ""
    today = datetime.today()
    chat_history_str = construct_question_history(chat_history, query_prefix="User", agent_name="Assistant")
    system_prompt = prompts.extract_questions_system_prompt.format(
        current_date=today.strftime("%Y-%m-%d"),
        day_of_week=today.strftime("%A"),
        location=location,
        username=username,
        personality_context="",
        max_queries=max_queries,
    )
    prompt = prompts.extract_questions_user_message.format(text=query, chat_history=chat_history_str)
    raw_response = await send_message_to_model_wrapper(query=prompt, system_message=system_prompt, response_type="json_object", user=user, tracer=tracer)
    return raw_response.text


def build_conversation_context(
    user_query: str,
    references: List[Dict],
    online_results: Dict[str, Dict],
    relevant_memories=None,
    chat_history=[],
    location_data=None,
    user_name: str = None,
    agent=None,
    model_name: str = None,
    model_type=None,
    max_prompt_size: int = None,
    tokenizer_name: str = None,
    vision_available: bool = False,
):
    current_date = datetime.now()  # expect: PL101
    if agent and agent.personality:
        system_prompt = prompts.custom_personality.format(
            name=agent.name,
            bio=agent.personality,
            current_date=current_date.strftime("%Y-%m-%d"),
            day_of_week=current_date.strftime("%A"),
        )
    else:
        system_prompt = prompts.personality.format(
            current_date=current_date.strftime("%Y-%m-%d"),
            day_of_week=current_date.strftime("%A"),
        )
    if location_data:
        location_prompt = prompts.user_location.format(location=f"{location_data}")  # expect: PL104
        system_prompt += f"\n{location_prompt}"
    if user_name:
        user_name_prompt = prompts.user_name.format(name=user_name)
        system_prompt += f"\n{user_name_prompt}"
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
        model_name=model_name,
        model_type=model_type,
        max_prompt_size=max_prompt_size,
        tokenizer_name=tokenizer_name,
        vision_enabled=vision_available,
    )
