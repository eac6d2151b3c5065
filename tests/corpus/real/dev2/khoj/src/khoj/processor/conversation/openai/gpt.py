"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/conversation/openai/gpt.py (lines 27-91) and openai/utils.py clean_response_schema (lines 1290-1314), trimmed; not the original text."""

from typing import Any, Dict

from openai import OpenAI
from pydantic import BaseModel


def clean_response_schema(schema: type[BaseModel] | dict, fields_to_exclude: list[str] = []) -> dict:
    schema_json = schema if isinstance(schema, dict) else schema.model_json_schema()
    fields_to_exclude += ["minItems", "maxItems"]
    for _, prop_value in schema_json.get("properties", {}).items():
        if isinstance(prop_value, dict):
            for field_name in fields_to_exclude:
                prop_value.pop(field_name, None)
    return schema_json


def openai_send_message_to_model(messages, api_key, model: str, response_schema: type[BaseModel] | None = None):
    model_kwargs: Dict[str, Any] = {}
    if response_schema:
        model_kwargs["response_format"] = {
            "type": "json_schema",
            "json_schema": {"schema": clean_response_schema(response_schema), "name": response_schema.__name__, "strict": True},
        }
    client = OpenAI(api_key=api_key)
    return client.chat.completions.create(
        model=model,
        messages=[{"role": m.role, "content": m.content} for m in messages],
        **model_kwargs,
    )
