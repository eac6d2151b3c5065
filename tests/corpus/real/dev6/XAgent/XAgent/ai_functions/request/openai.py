"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/ai_functions/request/openai.py (lines 34-94), trimmed; not the original text."""

import json

import openai

from XAgent.ai_functions.request.utils import get_apiconfig_by_model, get_model_name
from XAgent.config import CONFIG


def chatcompletion_request(**kwargs):
    model_name = get_model_name(kwargs.pop("model", CONFIG.default_completion_kwargs["model"]))
    chatcompletion_kwargs = get_apiconfig_by_model(model_name)
    chatcompletion_kwargs.update(kwargs)
    try:
        response = openai.ChatCompletion.create(**chatcompletion_kwargs)
        response = json.loads(str(response))
    except openai.error.InvalidRequestError as e:
        if "maximum context length" not in str(e):
            raise
        chatcompletion_kwargs = get_apiconfig_by_model("gpt-3.5-turbo-16k")
        chatcompletion_kwargs.update(kwargs)
        response = json.loads(str(openai.ChatCompletion.create(**chatcompletion_kwargs)))
    return response
