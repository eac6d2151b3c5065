"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/core/llm/llm.py
(lines 38-320), trimmed; not the original text.

Every request re-derives what is sent from the whole conversation: old images are dropped and
the list is trimmed to the token budget.
"""

import tokentrim as tt

from .run_tool_calling_llm import run_tool_calling_llm
from .utils.convert_to_openai_messages import convert_to_openai_messages


class Llm:
    def __init__(self, interpreter):
        self.interpreter = interpreter
        self.model = "gpt-4o"
        self.supports_vision = None
        self.supports_functions = True
        self.context_window = None
        self.max_tokens = None
        self.api_key = None

    def run(self, messages):
        image_messages = [msg for msg in messages if msg["type"] == "image"]
        if self.supports_vision:
            if self.interpreter.os:
                if len(image_messages) > 1:
                    for img_msg in image_messages[:-2]:
                        # OS mode keeps the last two images: each new one removes an older
                        # message from the middle of the history
                        messages.remove(img_msg)  # expect: PL301
            else:
                if len(image_messages) > 3:
                    for img_msg in image_messages[1:-2]:
                        # keeps the first and the last two images: each new one removes another
                        messages.remove(img_msg)  # expect: PL301

        messages = convert_to_openai_messages(messages, function_calling=self.supports_functions, vision=self.supports_vision, interpreter=self.interpreter)
        system_message = messages[0]["content"]
        messages = messages[1:]

        # tokentrim drops the oldest messages to fit the budget, on every request once the
        # conversation is long enough
        if self.context_window and self.max_tokens:
            trim_to_be_this_many_tokens = self.context_window - self.max_tokens - 25
            messages = tt.trim(  # expect: PL301
                messages,
                system_message=system_message,
                max_tokens=trim_to_be_this_many_tokens,
            )
        elif self.context_window and not self.max_tokens:
            messages = tt.trim(  # expect: PL301
                messages,
                system_message=system_message,
                max_tokens=self.context_window,
            )
        else:
            try:
                messages = tt.trim(messages, system_message=system_message, model=self.model)  # expect: PL301
            except Exception:
                messages = tt.trim(messages, system_message=system_message, max_tokens=8000)  # expect: PL301

        params = {"model": self.model, "messages": messages, "stream": True}
        if self.api_key:
            params["api_key"] = self.api_key
        if self.max_tokens:
            params["max_tokens"] = self.max_tokens
        yield from run_tool_calling_llm(self, params)
