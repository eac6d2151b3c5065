"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/mirascope/llm/formatting/format.py (lines 19-25, 73-94), trimmed; not the original text."""

# The schema is a pydantic model_json_schema(), made by the same code for the same model.
import inspect
import json

JSON_MODE_INSTRUCTIONS = (
    "Respond only with valid JSON that matches this exact schema:\n{json_schema}"
)


class Format:
    def __init__(self, formattable, mode: str):
        self.formattable = formattable
        self.mode = mode
        self.schema = formattable.model_json_schema()

    @property
    def formatting_instructions(self) -> str | None:
        if self.mode == "tool":
            return "Always respond to the user's query using the format tool."
        elif self.mode == "json":
            json_schema = json.dumps(self.schema, indent=2)
            instructions = JSON_MODE_INSTRUCTIONS.format(json_schema=json_schema)
            return inspect.cleandoc(instructions)
        return None
