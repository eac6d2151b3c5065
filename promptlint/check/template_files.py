"""Which files hold prompt templates, by name alone.

Discovery (frontends.py) asks this before any front end is imported, so it imports
nothing but a name predicate: a run over Python files never loads jinja2.
"""

from __future__ import annotations

from pathlib import PurePath

from promptlint.check.not_prompts import generates_file

TEMPLATE_SUFFIXES = (".jinja", ".jinja2", ".j2")
# Prompt files: read as Jinja templates when their role sections say they hold a chat
# request (templates/sections.py); other `.prompt` formats are left alone.
PROMPT_FILE_SUFFIXES = (".prompt", ".prompty")
JSON_TEMPLATE_FILES = ("chat_template.json", "tokenizer_config.json")
# Files named like this always hold a chat template (rendered over `messages`).
CHAT_TEMPLATE_FILES = ("chat_template.jinja", *JSON_TEMPLATE_FILES)


def is_template_path(path: PurePath) -> bool:
    """A template file: by suffix or name, case-insensitively, except a scaffold that
    generates another file (`bot.py.jinja2`)."""
    name = path.name.lower()
    if name in JSON_TEMPLATE_FILES:
        return True
    return name.endswith((*TEMPLATE_SUFFIXES, *PROMPT_FILE_SUFFIXES)) and not generates_file(name)
