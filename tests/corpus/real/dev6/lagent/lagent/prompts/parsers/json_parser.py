"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/prompts/parsers/json_parser.py (lines 26-103), trimmed; not the original text."""

from pydantic import BaseModel


class JSONParser:
    def _extract_fields_with_metadata(self, model: type[BaseModel]) -> dict:
        fields_metadata = {}
        for field_name, field in model.model_fields.items():
            fields_metadata[field_name] = {"annotation": field.annotation, "comment": field.description or ""}
        return fields_metadata

    def format_to_string(self, format_model) -> str:
        fields = self._extract_fields_with_metadata(format_model)
        lines = []
        for field_name, metadata in fields.items():
            lines.append(f'    // {metadata["comment"]}\n    "{field_name}": "{metadata["annotation"]}",')
        if lines:
            lines[-1] = lines[-1].rstrip(",")
        return "{\n" + "\n".join(lines) + "\n}"
