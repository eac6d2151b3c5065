"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/serve/openai_api_server.py (lines 266-364), trimmed; not the original text.

The OpenAI-compatible server renders the client's messages through the model's conversation
template into one prompt for the worker.
"""

from fastchat.conversation import Conversation, SeparatorStyle


async def get_conv(model_name, worker_addr):
    raise NotImplementedError


def _add_to_set(s, new_stop):
    if isinstance(s, str):
        new_stop.add(s)
    elif s:
        new_stop.update(s)


async def get_gen_params(model_name, worker_addr, messages, *, temperature, top_p, max_tokens, stop):
    conv = await get_conv(model_name, worker_addr)
    conv = Conversation(
        name=conv["name"],
        system_template=conv["system_template"],
        system_message=conv["system_message"],
        roles=conv["roles"],
        messages=list(conv["messages"]),
        offset=conv["offset"],
        sep_style=SeparatorStyle(conv["sep_style"]),
        sep=conv["sep"],
        sep2=conv["sep2"],
        stop_str=conv["stop_str"],
    )
    if isinstance(messages, str):
        prompt = messages
    else:
        for message in messages:
            msg_role = message["role"]
            if msg_role == "system":
                conv.set_system_message(message["content"])
            elif msg_role == "user":
                conv.append_message(conv.roles[0], message["content"])
            elif msg_role == "assistant":
                conv.append_message(conv.roles[1], message["content"])
            else:
                raise ValueError(f"Unknown role: {msg_role}")
        conv.append_message(conv.roles[1], None)
        prompt = conv.get_prompt()

    gen_params = {"model": model_name, "prompt": prompt, "temperature": temperature, "top_p": top_p, "max_new_tokens": max_tokens}
    # Stop strings are sampling parameters, not part of the prompt.
    new_stop = set()
    _add_to_set(stop, new_stop)
    _add_to_set(conv.stop_str, new_stop)
    gen_params["stop"] = list(new_stop)
    return gen_params
