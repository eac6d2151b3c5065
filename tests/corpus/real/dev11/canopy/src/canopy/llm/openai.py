"""Reconstruction of pinecone-io/canopy@fabb7d7c8bafffd9c7d0890c1624bec75e5bef77:src/canopy/llm/openai.py (lines 33-72, 76-143, 153-225), trimmed; not the original text."""
from copy import deepcopy

import openai

from canopy.models.data_models import SystemMessage


class OpenAILLM:
    def __init__(self, model_name: str = "gpt-3.5-turbo", **kwargs):
        self.model_name = model_name
        self._client = openai.OpenAI()
        self.default_model_params = kwargs

    def chat_completion(self, system_prompt: str, chat_history, context=None, *, stream=False,
                        max_tokens=None, model_params=None):
        model_params_dict = deepcopy(self.default_model_params)
        model_params_dict.update(model_params or {})
        model = model_params_dict.pop("model", self.model_name)

        if context is None:
            system_message = system_prompt
        else:
            system_message = system_prompt + f"\nContext: {context.to_text()}"
        messages = [SystemMessage(content=system_message).model_dump()
                    ] + [m.model_dump() for m in chat_history]
        return self._client.chat.completions.create(model=model, messages=messages, stream=stream,
                                                    **model_params_dict)

    def enforced_function_call(self, system_prompt: str, chat_history, function, *, max_tokens=None,
                               model_params=None):
        model_params_dict = deepcopy(self.default_model_params)
        model_params_dict.update(model_params or {})
        model = model_params_dict.pop("model", self.model_name)

        function_dict = {"type": "function", "function": function.model_dump()}

        messages = [SystemMessage(content=system_prompt).model_dump()
                    ] + [m.model_dump() for m in chat_history]
        return self._client.chat.completions.create(
            model=model,
            messages=messages,
            tools=[function_dict],
            tool_choice={"type": "function", "function": {"name": function.name}},
            **model_params_dict,
        )
