"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/prompt_helpers.py (lines 17-40), trimmed; not the original text."""

import json
from typing import Any

DO_NOT_ESCAPE_UNICODE = "\nDo not escape unicode characters.\n"


def to_prompt_json(data: Any, ensure_ascii: bool = False, indent: int | None = None) -> str:
    return json.dumps(data, ensure_ascii=ensure_ascii, indent=indent)
