"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/utils/llm.py (lines 127-200, 360-560, 1000-1100), trimmed; not the original text."""

import functools
import inspect
import json
import textwrap

from tinytroupe.clients.openai_client import client


class LLMChat:
    def __init__(self, system_prompt=None, user_prompt=None, output_type=None):
        self.system_prompt = textwrap.dedent(system_prompt) if system_prompt is not None else None
        self.user_prompt = textwrap.dedent(user_prompt) if user_prompt is not None else None
        self.output_type = output_type
        self.messages = []

    def call(self):
        if not self.messages:
            if self.system_prompt:
                self.messages.append({"role": "system", "content": self.system_prompt})
            if self.user_prompt:
                self.messages.append({"role": "user", "content": self.user_prompt})
        if self.output_type is not None:
            # a fixed coercion note after the request
            self.messages.append({"role": "system", "content": f"Your answer must be a value of type {self.output_type.__name__}."})
        return client().send_message(self.messages)["content"]


def llm(**model_overrides):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            result = func(*args, **kwargs)
            sig = inspect.signature(func)
            return_type = sig.return_annotation if sig.return_annotation != inspect.Signature.empty else str
            # the docstring is the computation's specification: a fixed system prompt per function
            system_prompt = "You are an AI system that executes the computation defined below.\n\n"
            if func.__doc__ is not None:
                system_prompt += func.__doc__.strip()
            if isinstance(result, str):
                user_prompt = "EXECUTE THE INSTRUCTIONS BELOW:\n\n " + result
            else:
                if "self" in sig.parameters:
                    args = args[1:]
                user_prompt = "Run the computation above with these parameter values.\n"
                user_prompt += f" ## Unnamed parameters\n{json.dumps(args, indent=4)}\n\n"
                user_prompt += f" ## Named parameters\n{json.dumps(kwargs, indent=4)}\n\n"
                user_prompt += " ## Output format\nAs the specification says; produce it directly.\n"
            postprocess = result if inspect.isfunction(result) else (lambda x: x)
            return postprocess(LLMChat(system_prompt=system_prompt, user_prompt=user_prompt, output_type=return_type).call())

        return wrapper

    return decorator
