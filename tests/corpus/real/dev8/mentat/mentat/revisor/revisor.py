"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/revisor/revisor.py (lines 41-77), trimmed; not the original text."""

import difflib
from pathlib import Path

from mentat.prompts.prompts import read_prompt
from mentat.session_context import SESSION_CONTEXT

revisor_prompt = read_prompt(Path("revisor_prompt.txt"))


def _file_edit_diff(file_edit) -> str:
    ctx = SESSION_CONTEXT.get()
    stored_lines = ctx.code_file_manager.file_lines[file_edit.file_path].copy()
    new_lines = file_edit.get_updated_file_lines(stored_lines)
    return "\n".join(difflib.unified_diff(stored_lines, new_lines, lineterm=""))


async def revise_edit(file_edit):
    ctx = SESSION_CONTEXT.get()
    if file_edit.is_deletion:
        return
    diff = _file_edit_diff(file_edit)
    user_message = list(filter(lambda m: m["role"] == "user", await ctx.conversation.get_messages()))[-1]
    # the dict is the conversation's own stored message: the next turn re-sends it changed
    user_message["content"] = f"User Request:\n{user_message.get('content')}"  # expect: PL301
    messages = [
        {"role": "system", "content": revisor_prompt},
        user_message,
        {"role": "system", "content": f"Diff:\n{diff}"},
    ]
    code_message = await ctx.code_context.get_code_message(
        ctx.llm_api_handler.spice.count_prompt_tokens(messages, ctx.config.model, ctx.config.provider)
    )
    messages.insert(1, {"role": "system", "content": code_message})
    response = await ctx.llm_api_handler.call_llm_api(
        messages, model=ctx.config.model, provider=ctx.config.provider, stream=False
    )
    return response.text
