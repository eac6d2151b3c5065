"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/tools/run_code.py (lines 121-175), trimmed; not the original text."""

import datetime

from khoj.processor.conversation import prompts
from khoj.processor.conversation.utils import construct_chat_history
from khoj.routers.helpers import send_message_to_model_wrapper

HOME_DIR = "/home/user"


async def generate_python_code(instructions: str, chat_history, context: str, location_data, user, agent=None, tracer: dict = {}):
    location = f"{location_data}" if location_data else "Unknown"
    username = prompts.user_name.format(name=user.get_full_name()) if user.get_full_name() else ""
    chat_history_str = construct_chat_history(chat_history)
    utc_date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    personality_context = f"{prompts.terrarium_sandbox_context}\n"
    code_generation_prompt = prompts.python_code_generation_prompt.format(
        instructions=instructions,
        chat_history=chat_history_str,
        context=context,
        has_network_access="**NO** ",
        home_dir=HOME_DIR,
        current_date=utc_date,
        location=location,
        username=username,
        personality_context=personality_context,
    )
    response = await send_message_to_model_wrapper(code_generation_prompt, fast_model=False, user=user, tracer=tracer)
    return response.text
