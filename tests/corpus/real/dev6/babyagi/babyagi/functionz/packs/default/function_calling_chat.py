"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/default/function_calling_chat.py (lines 8-165), trimmed; not the original text."""

import json

import litellm
from functionz.core.framework import func


@func.register_function(
    metadata={"description": "Chat through LiteLLM that can call functions from the database."},
    imports=["litellm", "json"],
    dependencies=["get_function_wrapper", "execute_function_wrapper"],
)
def chat_with_functions(chat_history, available_function_names) -> str:
    def map_python_type_to_json(python_type: str) -> dict:
        return {"str": {"type": "string"}, "int": {"type": "integer"}}.get(python_type, {"type": "string"})

    chat_context = [{"role": "system", "content": "You are a helpful assistant."}]
    for message in chat_history:
        chat_context.append({"role": message.get("role"), "content": message.get("message")})
    if isinstance(available_function_names, str):
        available_function_names = [n.strip() for n in available_function_names.split(",") if n.strip()]
    tools = []
    for func_name in available_function_names:
        function_data = get_function_wrapper(func_name)
        tool = {
            "type": "function",
            "function": {
                "name": function_data["name"],
                "description": function_data["metadata"]["description"],
                "parameters": {"type": "object", "properties": {}, "required": []},
            },
        }
        for param in function_data.get("input_parameters", []):
            tool["function"]["parameters"]["properties"][param["name"]] = {
                **map_python_type_to_json(param["type"]),
                "description": param.get("description", ""),
            }
        tools.append(tool)
    response = litellm.completion(model="gpt-4-turbo", messages=chat_context, tools=tools, tool_choice="auto")
    response_message = response["choices"][0]["message"]
    tool_calls = response_message.get("tool_calls", [])
    if not tool_calls:
        return response_message.get("content", "")
    chat_context.append(response_message)
    for tool_call in tool_calls:
        function_name = tool_call["function"]["name"]
        function_response = execute_function_wrapper(function_name, **json.loads(tool_call["function"]["arguments"]))
        if not isinstance(function_response, str):
            function_response = json.dumps(function_response)
        chat_context.append(
            {"tool_call_id": tool_call["id"], "role": "tool", "name": function_name, "content": function_response}
        )
    second_response = litellm.completion(model="gpt-4-turbo", messages=chat_context)
    return second_response["choices"][0]["message"]["content"]
