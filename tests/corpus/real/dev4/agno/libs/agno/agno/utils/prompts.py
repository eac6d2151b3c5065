"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/utils/prompts.py (lines 9-95), trimmed; not the original text.

The JSON output prompt serialises the configured output schema: a dict or list the user gave,
or the properties of a pydantic model_json_schema(), whose order is the model's field order.
"""

import json


def get_json_output_prompt(output_schema):
    json_output_prompt = "Provide your output as a JSON containing the following fields:"
    if isinstance(output_schema, str):
        json_output_prompt += f"\n<json_fields>\n{output_schema}\n</json_fields>"
    elif isinstance(output_schema, (list, dict)):
        json_output_prompt += "\n<json_fields>"
        json_output_prompt += f"\n{json.dumps(output_schema, ensure_ascii=False)}"
        json_output_prompt += "\n</json_fields>"
    else:
        json_schema = output_schema.model_json_schema()
        response_model_properties = {}
        for field_name, field_properties in (json_schema.get("properties") or {}).items():
            response_model_properties[field_name] = {
                name: value for name, value in field_properties.items() if name != "title"
            }
        if response_model_properties:
            json_output_prompt += "\n<json_fields>"
            json_output_prompt += f"\n{json.dumps(list(response_model_properties), ensure_ascii=False)}"
            json_output_prompt += "\n</json_fields>\n\nHere are the properties for each field:"
            json_output_prompt += "\n<json_field_properties>"
            json_output_prompt += f"\n{json.dumps(response_model_properties, indent=2, ensure_ascii=False)}"
            json_output_prompt += "\n</json_field_properties>"
    json_output_prompt += "\nStart your response with `{` and end it with `}`."
    return json_output_prompt
