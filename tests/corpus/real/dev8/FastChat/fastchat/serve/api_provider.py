"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/serve/api_provider.py (lines 20-120, 685-830), trimmed; not the original text."""

import os


def get_api_provider_stream_iter(conv, model_name, model_api_dict, temperature, top_p, max_new_tokens, state):
    if model_api_dict["api_type"] == "anthropic_message":
        prompt = conv.to_openai_api_messages()
        return anthropic_message_api_stream_iter(model_api_dict["model_name"], prompt, temperature, top_p, max_new_tokens)
    if model_api_dict["api_type"] == "gemini":
        prompt = conv.to_openai_api_messages()
        return gemini_api_stream_iter(model_api_dict["model_name"], prompt, temperature, top_p, max_new_tokens)
    raise NotImplementedError(model_api_dict["api_type"])


def anthropic_message_api_stream_iter(model_name, messages, temperature, top_p, max_new_tokens):
    import anthropic

    client = anthropic.Anthropic(api_key=os.environ["ANTHROPIC_API_KEY"], max_retries=5)
    system_prompt = ""
    if messages[0]["role"] == "system":
        system_prompt = messages[0]["content"]
        # The system message moves to the system parameter; the history is unchanged.
        messages = messages[1:]
    text = ""
    with client.messages.stream(
        temperature=temperature,
        top_p=top_p,
        max_tokens=max_new_tokens,
        messages=messages,
        model=model_name,
        system=system_prompt,
    ) as stream:
        for chunk in stream.text_stream:
            text += chunk
            yield {"text": text, "error_code": 0}


def gemini_api_stream_iter(model_name, messages, temperature, top_p, max_new_tokens):
    import google.generativeai as genai

    history = []
    system_prompt = None
    for message in messages[:-1]:
        if message["role"] == "system":
            system_prompt = message["content"]
            continue
        history.append({"role": message["role"], "parts": message["content"]})
    model = genai.GenerativeModel(model_name=model_name, system_instruction=system_prompt)
    convo = model.start_chat(history=history)
    response = convo.send_message(messages[-1]["content"], stream=True)
    text = ""
    for chunk in response:
        text += chunk.text
        yield {"text": text, "error_code": 0}
