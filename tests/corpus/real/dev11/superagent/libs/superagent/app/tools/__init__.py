"""Reconstruction of homanp/superagent@aa91d17e79b6771c327ab40e0fe5e35e0ef29bbd:libs/superagent/app/tools/__init__.py (lines 91-113), trimmed; not the original text."""

from enum import Enum

from pydantic import create_model


def create_pydantic_model_from_object(obj):
    fields = {}
    type_mapping = {"string": str, "integer": int, "boolean": bool}
    for key, value in obj.items():
        if isinstance(value, dict):
            type = value.get("type")
            if "enum" in value:
                field_type = Enum(f"{key.capitalize()}Enum", value["enum"])
            else:
                field_type = type_mapping.get(type, str)
        else:
            field_type = type_mapping.get(value, str)
        fields[key] = (field_type, ...)
    return create_model("DynamicModel", **fields)
