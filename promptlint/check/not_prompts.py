"""Texts and files that look like templates but are not prompts: code scaffolds and web pages.

One place for both front ends: the Python one (templates rendered from Python) and the
template one (template files) skip the same things. Light on purpose: discovery and the
Python front end import it without importing any template machinery.
"""

from __future__ import annotations

import re
from pathlib import Path

# A template named for the file it renders (`bot.py.jinja2`, `pyproject.toml.j2`,
# `index.html.jinja`) generates source code, configuration or a web page: not a prompt.
# Text and Markdown stay (`system.md.j2` is a prompt as often as not).
GENERATED_FILE_TYPES = frozenset(
    {
        "py", "pyi", "js", "jsx", "mjs", "ts", "tsx", "css", "scss", "html", "htm", "xml",
        "svg", "json", "yaml", "yml", "toml", "ini", "cfg", "conf", "env", "sh", "bash",
        "ps1", "bat", "sql", "go", "rs", "java", "kt", "c", "h", "cc", "cpp", "hpp", "cs",
        "rb", "php", "swift", "dockerfile", "tf", "nix", "lock", "gradle", "properties",
    }
)  # fmt: skip


def generates_file(name: str) -> bool:
    """`bot.py.jinja2`: a template named for the kind of file it renders (see above)."""
    stem = name.lower().rsplit(".", 1)[0]
    return "." in stem and stem.rsplit(".", 1)[1] in GENERATED_FILE_TYPES


def is_page(text: str) -> bool:
    """An HTML page (a report, an e-mail, a web UI), not a prompt."""
    return text.lstrip()[:15].lower().startswith(("<!doctype html", "<html"))


_EXTENDS = re.compile(r"""^\s*\{%-?\s*extends\s+["']([^"']+)["']""")
MAX_PAGE_LOOKUP = 4  # folders above a template searched for the one it extends


def extends_page(path: str, text: str, depth: int = 0) -> bool:
    """A template that extends an HTML page (`{% extends "templates/base.jinja2" %}`, the
    base starting `<!DOCTYPE html>`) renders a page too. The parent is looked up from the
    template's folder upwards, as applications set their loader's root."""
    match = _EXTENDS.match(text)
    if match is None or depth > 2:
        return False
    folder = Path(path).resolve().parent
    for base in [folder, *folder.parents][:MAX_PAGE_LOOKUP]:
        parent = base / match.group(1)
        try:
            parent_text = parent.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        return is_page(parent_text) or extends_page(str(parent), parent_text, depth + 1)
    return False
