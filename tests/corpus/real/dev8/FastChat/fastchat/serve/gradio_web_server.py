"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/serve/gradio_web_server.py (lines 114-151, 355-372, 443-540), trimmed; not the original text.

The chat UI keeps one Conversation per browser session; every turn sends the whole
conversation (system message first) to a model worker or an API provider.
"""

import datetime
import uuid

import requests

from fastchat.conversation import get_conv_template
from fastchat.serve.api_provider import get_api_provider_stream_iter

controller_url = "http://localhost:21001"
api_endpoint_info = {}
MODERATION_MSG = "$MODERATION$ YOUR INPUT VIOLATES OUR CONTENT MODERATION GUIDELINES."


class State:
    def __init__(self, model_name, is_vision=False):
        self.conv = get_conv_template(model_name)
        self.conv_id = uuid.uuid4().hex
        self.skip_next = False
        self.model_name = model_name
        self.init_system_prompt(self.conv, is_vision)

    def init_system_prompt(self, conv, is_vision):
        system_prompt = conv.get_system_message(is_vision)
        if len(system_prompt) == 0:
            return
        current_date = datetime.datetime.now().strftime("%Y-%m-%d")  # expect: PL101
        system_prompt = system_prompt.replace("{{currentDateTime}}", current_date)
        current_date_v2 = datetime.datetime.now().strftime("%d %b %Y")
        system_prompt = system_prompt.replace("{{currentDateTimev2}}", current_date_v2)
        current_date_v3 = datetime.datetime.now().strftime("%B %Y")
        system_prompt = system_prompt.replace("{{currentDateTimev3}}", current_date_v3)
        conv.set_system_message(system_prompt)


def moderation_filter(text, model_list):
    return False


def add_text(state, model_selector, text):
    if state is None:
        state = State(model_selector)
    # The moderation check reads the tail of the conversation; it is not a model prompt.
    all_conv_text = state.conv.get_prompt()
    all_conv_text = all_conv_text[-2000:] + "\nuser: " + text
    if moderation_filter(all_conv_text, [state.model_name]):
        text = MODERATION_MSG
    state.conv.append_message(state.conv.roles[0], text)
    state.conv.append_message(state.conv.roles[1], None)
    return state


def bot_response(state, temperature, top_p, max_new_tokens):
    conv, model_name = state.conv, state.model_name
    model_api_dict = api_endpoint_info.get(model_name)
    if model_api_dict is None:
        worker_addr = requests.post(controller_url + "/get_worker_address", json={"model": model_name}).json()["address"]
        prompt = conv.get_prompt()
        return requests.post(worker_addr + "/worker_generate_stream", json={"prompt": prompt, "temperature": temperature})
    if not model_api_dict.get("custom_system_prompt", False):
        conv.set_system_message("")
    return get_api_provider_stream_iter(conv, model_name, model_api_dict, temperature, top_p, max_new_tokens, state)
