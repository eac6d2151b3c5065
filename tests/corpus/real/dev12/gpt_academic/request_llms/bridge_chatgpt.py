"""Reconstruction of binary-husky/gpt_academic@0aa0472da44edc0a888c7f83b564c6d0d1089366:request_llms/bridge_chatgpt.py (lines 226-300, 419-426, 449-575), trimmed; not the original text."""

import random

from toolbox import update_ui
from shared_utils.context_clip_policy import clip_history

timeout_bot_msg = "[Local Message] Request timeout. Network error."


def predict(inputs, llm_kwargs, plugin_kwargs, chatbot, history=[], system_prompt='', stream=True, additional_fn=None):
    if additional_fn is not None:
        from core_functional import handle_core_functionality
        inputs, history = handle_core_functionality(additional_fn, inputs, history, chatbot)
    chatbot.append((inputs, ""))
    yield from update_ui(chatbot=chatbot, history=history, msg="等待响应")
    headers, payload = generate_payload(inputs, llm_kwargs, history, system_prompt, [], False, stream)
    history.extend([inputs, ""])
    yield from _stream_and_update(headers, payload, chatbot, history)


def handle_error(inputs, llm_kwargs, chatbot, history, chunk_decoded, error_msg):
    from request_llms.bridge_all import model_info
    if "reduce the length" in error_msg:
        if len(history) >= 2: history[-1] = ""; history[-2] = ""
        history = clip_history(inputs=inputs, history=history, tokenizer=model_info[llm_kwargs['llm_model']]['tokenizer'],
                               max_token_limit=(model_info[llm_kwargs['llm_model']]['max_token']))
        chatbot[-1] = (chatbot[-1][0], "[Local Message] Reduce the length. 历史缓存数据已部分释放, 您可以请再次尝试.")
    return chatbot, history


def generate_payload(inputs, llm_kwargs, history, system_prompt, image_base64_array=[], has_multimodal_capacity=False, stream=True):
    conversation_cnt = len(history) // 2
    messages = [{"role": "system", "content": system_prompt}]
    if conversation_cnt:
        for index in range(0, 2*conversation_cnt, 2):
            what_i_have_asked = {}
            what_i_have_asked["role"] = "user"
            what_i_have_asked["content"] = history[index]
            what_gpt_answer = {}
            what_gpt_answer["role"] = "assistant"
            what_gpt_answer["content"] = history[index+1]
            if what_i_have_asked["content"] != "":
                if what_gpt_answer["content"] == "": continue
                if what_gpt_answer["content"] == timeout_bot_msg: continue
                messages.append(what_i_have_asked)
                messages.append(what_gpt_answer)
            else:
                messages[-1]['content'] = what_gpt_answer['content']
    what_i_ask_now = {}
    what_i_ask_now["role"] = "user"
    what_i_ask_now["content"] = inputs
    messages.append(what_i_ask_now)
    model = llm_kwargs['llm_model']
    if model == "gpt-3.5-random":
        model = random.choice([
            "gpt-3.5-turbo",
            "gpt-3.5-turbo-16k",
            "gpt-3.5-turbo-1106",
            "gpt-3.5-turbo-0613",
        ])
    payload = {
        "model": model,
        "messages": messages,
        "temperature": llm_kwargs['temperature'],
        "top_p": llm_kwargs['top_p'],
        "n": 1,
        "stream": stream,
    }
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {llm_kwargs['api_key']}"}
    return headers, payload
