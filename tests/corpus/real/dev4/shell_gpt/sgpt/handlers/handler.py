"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/handlers/handler.py (lines 13-194), trimmed; not the original text."""

import json
from typing import Any, Dict, Generator, List, Optional

from openai import OpenAI

from ..config import cfg
from ..function import get_function
from ..role import SystemRole

client = OpenAI(api_key=cfg.get("OPENAI_API_KEY"))
completion = client.chat.completions.create
additional_kwargs: Dict[str, Any] = {}


class Handler:
    def __init__(self, role: SystemRole, markdown: bool) -> None:
        self.role = role

    def make_messages(self, prompt: str) -> List[Dict[str, str]]:
        raise NotImplementedError

    def handle_function_call(self, messages: List[Dict[str, Any]], tool_call_id: str, name: str,
                             arguments: str) -> Generator[str, None, None]:
        # the model's own call, with its argument string as it came, then the result after it
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": tool_call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
                ],
            }
        )
        dict_args = json.loads(arguments)
        yield f"> @FunctionCall `{name}` \n\n"
        result = get_function(name)(**dict_args)
        messages.append({"role": "tool", "content": result, "tool_call_id": tool_call_id})

    def get_completion(self, model: str, temperature: float, top_p: float, messages: List[Dict[str, Any]],
                       functions: Optional[List[Dict[str, str]]]) -> Generator[str, None, None]:
        if functions:
            additional_kwargs["tool_choice"] = "auto"
            additional_kwargs["tools"] = functions
        response = completion(
            model=model,
            temperature=temperature,
            top_p=top_p,
            messages=messages,
            stream=True,
            **additional_kwargs,
        )
        for chunk in response:
            if chunk.choices:
                yield chunk.choices[0].delta.content or ""

    def handle(self, prompt: str, model: str, temperature: float, top_p: float, caching: bool,
               functions: Optional[List[Dict[str, str]]] = None, **kwargs: Any) -> str:
        messages = self.make_messages(prompt.strip())
        return "".join(self.get_completion(model=model, temperature=temperature, top_p=top_p,
                                           messages=messages, functions=functions, **kwargs))
