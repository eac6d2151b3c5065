"""Role sections of a prompt template file.

Prompt files that hold a whole chat request mark its messages with a header line of its
own: `# instruction` (or `# system`) for the system message, `# input` (`# user`,
`# human`) for a user turn and `# output` (`# assistant`, `# ai`) for an assistant turn, as
LangChain-based loaders of `.prompt` files read them: the instruction, then few-shot
`input`/`output` pairs, then the final `input`, which holds this request. Prompty files
(`.prompty`: YAML front matter, then a Jinja body) mark them with `system:` / `user:` /
`assistant:` lines. Everything before the final user section is sent again with every
request (the cacheable prefix); the final section is the new turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ROLE_OF_HEADER = {
    "instruction": "system",
    "system": "system",
    "input": "user",
    "user": "user",
    "human": "user",
    "output": "assistant",
    "assistant": "assistant",
    "ai": "assistant",
}
_HEADER = re.compile(r"^#[ \t]*([A-Za-z]+)[ \t]*$", re.MULTILINE)
# Prompty's role lines; only read in `.prompty` files, where a line `User:` cannot be a
# label inside a one-part prompt.
_PROMPTY_HEADER = re.compile(r"^[ \t]*(system|user|assistant)[ \t]*:[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Section:
    line: int  # 1-based line of its header
    role: str  # "system" | "user" | "assistant"


def role_sections(text: str, prompty: bool = False) -> tuple[Section, ...]:
    """The role sections of a prompt file, in order; () unless it has both a system or
    assistant section and a user one (a lone `# Input` heading is a heading)."""
    found = []
    for match in (_PROMPTY_HEADER if prompty else _HEADER).finditer(text):
        role = ROLE_OF_HEADER.get(match.group(1).lower())
        if role is not None:
            found.append(Section(text.count("\n", 0, match.start()) + 1, role))
    roles = {s.role for s in found}
    if "user" not in roles or len(roles) < 2:
        return ()
    return tuple(found)


def final_input_line(sections: tuple[Section, ...]) -> int | None:
    """The header line of the final user section: this request's new turn starts there."""
    users = [s.line for s in sections if s.role == "user"]
    return users[-1] if users else None


def is_prompty(path: str) -> bool:
    return path.lower().endswith(".prompty")
