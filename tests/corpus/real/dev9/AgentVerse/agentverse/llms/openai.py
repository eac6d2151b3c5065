"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/llms/openai.py (lines 152-446), trimmed; not the original text."""

from typing import Dict, List, Optional

from openai import AsyncOpenAI, OpenAI
from pydantic import Field

from agentverse.llms.base import BaseChatModel, BaseModelArgs, LLMResult


class OpenAIChatArgs(BaseModelArgs):
    model: str = Field(default="gpt-3.5-turbo")
    max_tokens: int = Field(default=2048)
    temperature: float = Field(default=1.0)


class OpenAIChat(BaseChatModel):
    args: OpenAIChatArgs = Field(default_factory=OpenAIChatArgs)
    client_args: Optional[Dict] = Field(default={"api_key": None, "base_url": None})

    @classmethod
    def send_token_limit(self, model: str) -> int:
        limits = {"gpt-3.5-turbo": 4096, "gpt-4": 8192, "gpt-4-32k": 32768}
        return limits[model] if model in limits else 4096

    def generate_response(self, prepend_prompt: str = "", history: List[dict] = [], append_prompt: str = "", functions: List[dict] = []) -> LLMResult:
        messages = self.construct_messages(prepend_prompt, history, append_prompt)
        openai_client = OpenAI(api_key=self.client_args["api_key"], base_url=self.client_args["base_url"])
        response = openai_client.chat.completions.create(messages=messages, **self.args.dict())
        return LLMResult(content=response.choices[0].message.content)

    async def agenerate_response(self, prepend_prompt: str = "", history: List[dict] = [], append_prompt: str = "", functions: List[dict] = []) -> LLMResult:
        messages = self.construct_messages(prepend_prompt, history, append_prompt)
        async_openai_client = AsyncOpenAI(api_key=self.client_args["api_key"], base_url=self.client_args["base_url"])
        if functions != []:
            response = await async_openai_client.chat.completions.create(
                messages=messages,
                functions=functions,
                **self.args.dict(),
            )
            call = response.choices[0].message.function_call
            return LLMResult(function_name=call.name, function_arguments=call.arguments)
        response = await async_openai_client.chat.completions.create(messages=messages, **self.args.dict())
        return LLMResult(content=response.choices[0].message.content)

    def construct_messages(self, prepend_prompt: str, history: List[dict], append_prompt: str):
        messages = []
        if prepend_prompt != "":
            messages.append({"role": "system", "content": prepend_prompt})
        if len(history) > 0:
            messages += history
        if append_prompt != "":
            messages.append({"role": "user", "content": append_prompt})
        return messages
