"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/tools/base.py (lines 711-760, 949-1000), trimmed; ToolUse parsing from stored assistant text; not the original text."""

import json
import re
from dataclasses import dataclass
from typing import Any

_TOOL_RE = re.compile(r"@(\w+)\((\w+)\): (\{.*?\})$", re.M | re.S)


@dataclass
class ToolUse:
    tool: str
    call_id: str | None
    kwargs: dict[str, Any] | None


def extract_tool_uses_from_assistant_message(content: str) -> tuple[str, list[ToolUse]]:
    uses = [ToolUse(m.group(1), m.group(2), json.loads(m.group(3))) for m in _TOOL_RE.finditer(content)]
    return _TOOL_RE.sub("", content).strip(), uses
