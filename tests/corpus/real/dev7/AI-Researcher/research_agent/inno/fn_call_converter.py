"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/fn_call_converter.py (lines 281-317, 815-845), trimmed; not the original text."""

SYSTEM_PROMPT_SUFFIX_TEMPLATE = """
You have access to the following functions:

{description}

Call a function with <function=NAME><parameter=ARG>value</parameter></function>."""

THINK_TWICE = "Please think twice and take the next action according to your previous actions and observations."


def convert_tools_to_description(tools: list[dict]) -> str:
    ret = ""
    for i, tool in enumerate(tools):
        fn = tool["function"]
        ret += f"---- BEGIN FUNCTION #{i + 1}: {fn['name']} ----\nDescription: {fn['description']}\n"
        required_params = set(fn["parameters"].get("required", []))
        for j, (param_name, param_info) in enumerate(fn["parameters"].get("properties", {}).items()):
            status = "required" if param_name in required_params else "optional"
            ret += f"  ({j + 1}) {param_name} ({param_info.get('type', 'string')}, {status})\n"
        ret += f"---- END FUNCTION #{i + 1} ----\n"
    return ret


def convert_fn_messages_to_non_fn_messages(messages: list[dict]) -> list[dict]:
    new_messages = []
    for idx, message in enumerate(messages):
        if message["role"] == "tool":
            new_messages[-1]["content"] = messages[idx - 1]["content"] + f"\nI have executed the tool {message['name']} and the result is {message['content']}.\n"
        elif message["role"] == "assistant":
            call = message["tool_calls"][0]["function"]
            new_messages.append({"role": "assistant", "content": message["content"] + f"\nI want to use the tool named {call['name']}, with the following arguments: {call['arguments']}.\n"})
        else:
            new_messages.append(message.copy())
    return new_messages


def interleave_user_into_messages(messages: list[dict]) -> list[dict]:
    new_messages = []
    for idx, message in enumerate(messages):
        if message["role"] == "assistant" and messages[idx - 1]["role"] == "assistant":
            new_messages.append({"role": "user", "content": THINK_TWICE})
        new_messages.append(message.copy())
    # the trailing nudge is what the next request inserts between the two assistant turns
    new_messages.append({"role": "user", "content": THINK_TWICE})
    return new_messages
