"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/customer_service_streaming/src/utils.py
(lines 1-35), trimmed; not the original text.
"""


def get_completion(client, messages: list[dict[str, str]], model: str = "gpt-4-0125-preview", max_tokens=2000, temperature=0.7, tools=None, stream=False):
    request_params = {"model": model, "messages": messages, "max_tokens": max_tokens, "temperature": temperature, "stream": stream}
    if tools and isinstance(tools, list):
        request_params["tools"] = tools
    completion = client.chat.completions.create(**request_params)
    return completion.choices[0].message
