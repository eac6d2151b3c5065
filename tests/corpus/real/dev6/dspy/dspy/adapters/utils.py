"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/adapters/utils.py (lines 263-280), trimmed; not the original text."""

import json


def format_field_value(field_info, value) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def get_field_description_string(fields: dict) -> str:
    field_descriptions = []
    for idx, (k, v) in enumerate(fields.items()):
        field_descriptions.append(f"{idx + 1}. `{k}` ({v.annotation}): {v.json_schema_extra['desc']}")
    return "\n".join(field_descriptions).strip()
