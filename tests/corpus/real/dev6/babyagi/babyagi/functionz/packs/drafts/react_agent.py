"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/drafts/react_agent.py (lines 3-173), trimmed; not the original text."""

import json

import litellm
from functionz.core.framework import func


@func.register_function(
    metadata={"description": "A ReAct-style agent over the registered functions."},
    imports=["litellm", "json", "copy"],
    dependencies=["get_function_wrapper", "execute_function_wrapper", "get_all_functions_wrapper"],
)
def react_agent(input_text) -> str:
    all_functions = get_all_functions_wrapper()
    tools = []
    for func_name in [f["name"] for f in all_functions]:
        function_data = get_function_wrapper(func_name)
        tools.append(
            {
                "type": "function",
                "function": {
                    "name": function_data["name"],
                    "description": function_data["metadata"].get("description", ""),
                    "parameters": {"type": "object", "properties": {}, "required": []},
                },
            }
        )
    function_call_history = []
    system_prompt = (
        "You reason step by step and may call the functions below. "
        "Give the final answer after 'Answer:'. Do not repeat a call with the same arguments. "
        "The function calls you made so far: {{function_call_history}}"
    )
    chat_context = [
        {"role": "system", "content": system_prompt.replace("{{function_call_history}}", "None")},
        {"role": "user", "content": input_text},
    ]
    iteration = 0
    while iteration < 5:
        iteration += 1
        if function_call_history:
            history_str = "\n".join(  # expect: PL104
                [f"- {c['function_name']} with {c['arguments']} gave: {c['output']}" for c in function_call_history]
            )
        else:
            history_str = "None"
        chat_context[0]["content"] = system_prompt.replace("{{function_call_history}}", history_str)
        response = litellm.completion(model="gpt-4-turbo", messages=chat_context, tools=tools, tool_choice="auto")
        response_message = response["choices"][0]["message"]
        chat_context.append(response_message)
        tool_calls = response_message.get("tool_calls", [])
        if not tool_calls:
            break
        for tool_call in tool_calls:
            function_name = tool_call["function"]["name"]
            function_args = json.loads(tool_call["function"]["arguments"])
            function_output = execute_function_wrapper(function_name, **function_args)
            function_call_history.append(
                {"function_name": function_name, "arguments": function_args, "output": function_output}
            )
            chat_context.append(
                {
                    "tool_call_id": tool_call["id"],
                    "role": "tool",
                    "name": function_name,
                    "content": f"Function '{function_name}' returned: {function_output}",
                }
            )
    return response_message["content"]
