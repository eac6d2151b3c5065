"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/conversation.py (lines 35-239, 263-309), trimmed; not the original text."""

import subprocess
from typing import Optional

from mentat.session_context import SESSION_CONTEXT


class Conversation:
    def __init__(self):
        self._messages = []

    def add_user_message(self, message: str, image: Optional[str] = None):
        content = message
        if image:
            content = [{"type": "text", "text": message}, {"type": "image_url", "image_url": {"url": image}}]
        self.add_message({"role": "user", "content": content})

    def add_model_message(self, message: str, messages_snapshot: list, parsed_llm_response):
        self.add_message({"role": "assistant", "content": message, "parsed_llm_response": parsed_llm_response})

    def add_message(self, message: dict):
        self._messages.append(message)

    async def get_messages(self, system_prompt: Optional[list] = None, include_parsed_llm_responses: bool = False,
                           include_code_message: bool = False) -> list:
        ctx = SESSION_CONTEXT.get()
        # a shallow copy: user and system messages are the stored dicts themselves
        _messages = [
            {"role": msg["role"], "content": msg.get("content")}
            if msg["role"] == "assistant" and not include_parsed_llm_responses
            else msg
            for msg in self._messages.copy()
        ]
        if _messages and _messages[-1].get("role") == "user":
            prompt = _messages[-1].get("content")
        else:
            prompt = ""
        if include_code_message:
            code_message = await ctx.code_context.get_code_message(
                ctx.llm_api_handler.spice.count_prompt_tokens(_messages, ctx.config.model, ctx.config.provider),
                prompt=prompt if isinstance(prompt, str) else "",
            )
            # the code message goes in front of the whole history
            _messages = [{"role": "system", "content": code_message}] + _messages
        if system_prompt is None:
            system_prompt = [{"role": "system", "content": ctx.config.parser.get_system_prompt()}]
        return system_prompt + _messages

    async def _stream_model_response(self, messages: list):
        ctx = SESSION_CONTEXT.get()
        parser = ctx.config.parser
        response = await ctx.llm_api_handler.call_llm_api(
            messages, ctx.config.model, ctx.config.provider, stream=True,
            response_format=parser.response_format(),
        )
        parsed_llm_response = await parser.stream_and_parse_llm_response(response)
        messages.append({"role": "assistant", "content": parsed_llm_response.full_response})
        self.add_model_message(parsed_llm_response.full_response, messages, parsed_llm_response)
        return parsed_llm_response

    async def get_model_response(self):
        messages_snapshot = await self.get_messages(include_code_message=True)
        return await self._stream_model_response(messages_snapshot)

    async def run_command(self, command: list) -> bool:
        ctx = SESSION_CONTEXT.get()
        process = subprocess.run(command, cwd=ctx.cwd, text=True, capture_output=True)
        message = f"Command ran:\n{' '.join(command)}\nCommand output:\n{process.stdout}"
        # appended once to the history as a system message
        self.add_message({"role": "system", "content": message})
        return True
