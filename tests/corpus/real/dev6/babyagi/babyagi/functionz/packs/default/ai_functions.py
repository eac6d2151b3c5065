"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/default/ai_functions.py (lines 5-27), trimmed; not the original text."""

from functionz.core.framework import func


@func.register_function(metadata={"description": "One LLM call through LiteLLM"}, imports=["litellm"])
def gpt_call(prompt: str) -> str:
    from litellm import completion

    messages = [{"role": "user", "content": prompt}]
    response = completion(model="gpt-4o", messages=messages)
    return response["choices"][0]["message"]["content"]


@func.register_function(metadata={"description": "Describe a function with an LLM"}, dependencies=["gpt_call"])
def description_writer(function_code: str) -> str:
    prompt = (
        f"Describe this Python function briefly and clearly:\n\n"
        f"{function_code}\n\n"
        f"Description:"
    )
    return func.gpt_call(prompt)
