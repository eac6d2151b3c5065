"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/core/llm/run_tool_calling_llm.py
(lines 7-110), trimmed; not the original text.
"""

import litellm

tool_schema = {
    "type": "function",
    "function": {
        "name": "execute",
        "description": "Executes code on the user's machine and returns the output",
        "parameters": {
            "type": "object",
            "properties": {
                "language": {"type": "string", "description": "The programming language", "enum": []},
                "code": {"type": "string", "description": "The code to execute"},
            },
            "required": ["language", "code"],
        },
    },
}


def process_messages(messages):
    processed_messages = []
    last_tool_id = 0
    i = 0
    while i < len(messages):
        message = messages[i]
        if message.get("function_call"):
            # clean (doubtful): ids count from the start of the list on every request: stable while
            # the list only grows, shifted once llm.py drops old messages
            last_tool_id += 1
            tool_id = f"toolu_{last_tool_id}"
            function = message.pop("function_call")
            message["tool_calls"] = [{"id": tool_id, "type": "function", "function": function}]
            processed_messages.append(message)
            if i + 1 < len(messages) and messages[i + 1].get("role") == "function":
                next_message = messages[i + 1].copy()
                next_message["role"] = "tool"
                next_message["tool_call_id"] = tool_id
                processed_messages.append(next_message)
                i += 1
        else:
            processed_messages.append(message)
        i += 1
    return processed_messages


def run_tool_calling_llm(llm, request_params):
    # clean: the languages come from an ordered list
    tool_schema["function"]["parameters"]["properties"]["language"]["enum"] = [i.name.lower() for i in llm.interpreter.computer.terminal.languages]
    request_params["tools"] = [tool_schema]
    request_params["messages"] = process_messages(request_params["messages"])
    yield from litellm.completion(**request_params)
