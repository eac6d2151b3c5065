"""Reconstruction of binary-husky/gpt_academic@0aa0472da44edc0a888c7f83b564c6d0d1089366:toolbox.py (lines 90-145), trimmed; not the original text."""

import json

from shared_utils.config_loader import get_conf
from shared_utils.context_clip_policy import auto_context_clip


def ArgsGeneralWrapper(f):
    def decorated(request, cookies, max_length, llm_model, txt, txt2, top_p, temperature, chatbot,
                  json_history, system_prompt, plugin_advanced_arg, *args):
        txt_passon = txt
        history = json.loads(json_history) if json_history else []
        if txt == "" and txt2 != "": txt_passon = txt2
        llm_kwargs = {'llm_model': llm_model, 'top_p': top_p, 'max_length': max_length, 'temperature': temperature}
        plugin_kwargs = {"advanced_arg": plugin_advanced_arg}
        chatbot_with_cookie = ChatBotWithCookies(cookies)
        if len(args) == 0:
            yield from f(txt_passon, llm_kwargs, plugin_kwargs, chatbot_with_cookie, history, system_prompt, request)
        else:
            if get_conf('AUTO_CONTEXT_CLIP_ENABLE'):
                txt_passon, history = auto_context_clip(txt_passon, history)
            yield from f(txt_passon, llm_kwargs, plugin_kwargs, chatbot_with_cookie, history, system_prompt, *args)
    return decorated
