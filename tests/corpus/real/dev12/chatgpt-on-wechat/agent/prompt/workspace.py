"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:agent/prompt/workspace.py (lines 110-171, 186-212), trimmed; not the original text."""

import os
from dataclasses import dataclass
from typing import List, Optional

DEFAULT_AGENT_FILENAME = "AGENT.md"
DEFAULT_USER_FILENAME = "USER.md"
DEFAULT_RULE_FILENAME = "RULE.md"
DEFAULT_MEMORY_FILENAME = "MEMORY.md"


@dataclass
class ContextFile:
    path: str
    content: str


def load_context_files(workspace_dir: str, files_to_load: Optional[List[str]] = None) -> List[ContextFile]:
    if files_to_load is None:
        files_to_load = [DEFAULT_AGENT_FILENAME, DEFAULT_USER_FILENAME, DEFAULT_RULE_FILENAME, DEFAULT_MEMORY_FILENAME]
    context_files = []
    for filename in files_to_load:
        filepath = os.path.join(workspace_dir, filename)
        if not os.path.exists(filepath):
            continue
        with open(filepath, "r", encoding="utf-8") as f:
            content = f.read().strip()  # expect: PL104
        if not content:
            continue
        if filename == DEFAULT_MEMORY_FILENAME:
            content = _truncate_memory_content(content)
        context_files.append(ContextFile(path=filename, content=content))
    return context_files


_MEMORY_MAX_LINES = 200


def _truncate_memory_content(content: str) -> str:
    lines = content.split("\n")
    truncated = False
    if len(lines) > _MEMORY_MAX_LINES:
        lines = lines[-_MEMORY_MAX_LINES:]
        truncated = True
    result = "\n".join(lines)
    if truncated:
        result = "...(older entries truncated, use `memory_search` or `memory_get` for full content)\n\n" + result
    return result
