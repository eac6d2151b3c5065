"""Reconstruction of 567-labs/instructor@cc67955310e64056bcf8a087d570a85972a58c40:instructor/process_response.py (lines 294-326, 353-451, 478-508, 560-593, 848-876, 916-934, 1045-1167), trimmed; not the original text."""

# handle_response_model makes only a shallow copy of the caller's kwargs: the handlers
# below get the caller's own messages / system / tools lists and dicts.
import json
from textwrap import dedent

from instructor.mode import Mode
from instructor.utils import combine_system_messages, extract_system_messages


def handle_responses_tools_with_inbuilt_tools(response_model, new_kwargs):
    schema = response_model.openai_schema
    tool_definition = {
        "type": "function",
        "name": schema["name"],
        "parameters": schema["parameters"],
        "description": schema.get("description", f"Correctly extracted {response_model.__name__}"),
    }
    if not new_kwargs.get("tools"):
        new_kwargs["tools"] = [tool_definition]
        new_kwargs["tool_choice"] = {"type": "function", "name": schema["name"]}
    else:
        new_kwargs["tools"].append(tool_definition)  # expect: PL301
    return response_model, new_kwargs


def handle_json_o1(response_model, new_kwargs):
    message = dedent(
        f"""
        Understand the content and provide the parsed objects in json that match the
        following json_schema:

        {json.dumps(response_model.model_json_schema(), indent=2, ensure_ascii=False)}

        Make sure to return an instance of the JSON, not the schema itself
        """
    )
    new_kwargs["messages"].append({"role": "user", "content": message})
    return response_model, new_kwargs


def handle_json_modes(response_model, new_kwargs, mode):
    message = dedent(
        f"""
        As a genius expert, your task is to understand the content and provide
        the parsed objects in json that match the following json_schema:

        {json.dumps(response_model.model_json_schema(), indent=2, ensure_ascii=False)}

        Make sure to return an instance of the JSON, not the schema itself
        """
    )
    if mode == Mode.JSON:
        new_kwargs["response_format"] = {"type": "json_object"}

    if new_kwargs["messages"][0]["role"] != "system":
        new_kwargs["messages"].insert(0, {"role": "system", "content": message})
    elif isinstance(new_kwargs["messages"][0]["content"], str):
        new_kwargs["messages"][0]["content"] += f"\n\n{message}"  # expect: PL301
    elif isinstance(new_kwargs["messages"][0]["content"], list):
        new_kwargs["messages"][0]["content"][0]["text"] += f"\n\n{message}"
    return response_model, new_kwargs


def handle_anthropic_tools(response_model, new_kwargs):
    new_kwargs["tools"] = [response_model.anthropic_schema]
    new_kwargs["tool_choice"] = {"type": "tool", "name": response_model.__name__}
    system_messages = extract_system_messages(new_kwargs.get("messages", []))
    if system_messages:
        new_kwargs["system"] = combine_system_messages(new_kwargs.get("system"), system_messages)
    new_kwargs["messages"] = [m for m in new_kwargs.get("messages", []) if m["role"] != "system"]
    return response_model, new_kwargs


def handle_anthropic_json(response_model, new_kwargs):
    system_messages = extract_system_messages(new_kwargs.get("messages", []))
    if system_messages:
        new_kwargs["system"] = combine_system_messages(new_kwargs.get("system"), system_messages)
    new_kwargs["messages"] = [m for m in new_kwargs.get("messages", []) if m["role"] != "system"]
    json_schema_message = dedent(
        f"""
        As a genius expert, your task is to understand the content and provide
        the parsed objects in json that match the following json_schema:

        {json.dumps(response_model.model_json_schema(), indent=2, ensure_ascii=False)}
        """
    )
    new_kwargs["system"] = combine_system_messages(
        new_kwargs.get("system"), [{"type": "text", "text": json_schema_message}]
    )
    return response_model, new_kwargs


def handle_gemini_json(response_model, new_kwargs):
    message = dedent(
        f"""
        As a genius expert, your task is to understand the content and provide
        the parsed objects in json that match the following json_schema:

        {json.dumps(response_model.model_json_schema(), indent=2, ensure_ascii=False)}
        """
    )
    if new_kwargs["messages"][0]["role"] != "system":
        new_kwargs["messages"].insert(0, {"role": "system", "content": message})
    else:
        new_kwargs["messages"][0]["content"] += f"\n\n{message}"  # expect: PL301
    new_kwargs["generation_config"] = new_kwargs.get("generation_config", {}) | {
        "response_mime_type": "application/json"
    }
    return response_model, new_kwargs


def handle_bedrock_json(response_model, new_kwargs):
    json_message = dedent(
        f"""
        As a genius expert, your task is to understand the content and provide
        the parsed objects in json that match the following json_schema:

        {json.dumps(response_model.model_json_schema(), indent=2, ensure_ascii=False)}
        """
    )
    system_message = new_kwargs.pop("system", None)
    if not system_message:
        new_kwargs["system"] = [{"text": json_message}]
    else:
        system_message.append({"text": json_message})  # expect: PL301
        new_kwargs["system"] = system_message
    return response_model, new_kwargs


def handle_cerebras_json(response_model, new_kwargs):
    instruction = f"""
You are a helpful assistant that excels at following instructions. Provide the parsed
objects in json that match the following json_schema:

<schema>
{response_model.model_json_schema()}
</schema>
"""
    new_kwargs["messages"] = [{"role": "system", "content": instruction}] + new_kwargs["messages"]
    return response_model, new_kwargs


def handle_response_model(response_model, mode=Mode.TOOLS, **kwargs):
    new_kwargs = kwargs.copy()
    mode_handlers = {
        Mode.JSON: lambda rm, nk: handle_json_modes(rm, nk, Mode.JSON),
        Mode.JSON_O1: handle_json_o1,
        Mode.ANTHROPIC_TOOLS: handle_anthropic_tools,
        Mode.ANTHROPIC_JSON: handle_anthropic_json,
        Mode.GEMINI_JSON: handle_gemini_json,
        Mode.BEDROCK_JSON: handle_bedrock_json,
        Mode.CEREBRAS_JSON: handle_cerebras_json,
        Mode.RESPONSES_TOOLS_WITH_INBUILT_TOOLS: handle_responses_tools_with_inbuilt_tools,
    }
    return mode_handlers[mode](response_model, new_kwargs)
