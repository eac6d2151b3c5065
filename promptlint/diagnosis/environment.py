"""Is a change inside a block of environment text that an agent writes from the machine?

Coding and browsing agents describe where they run in a block of their prompt: Claude Code's
`# gitStatus` and `# Environment` sections (older releases: a `gitStatus:` paragraph and an
`<env>` tag), Codex's `<environment_context>` with `<cwd>` and `<shell>`, a directory
listing, the page's current URL. The block is rewritten from the machine's state, so it
changes whenever the state does (a commit, another working directory, another machine) and
the prefix breaks there. Blocks are found by their shape, not by one agent's strings: an
open tag, a Markdown heading or a `label:` line before the change whose name says
environment, git status, working directory, directory listing, platform or URL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# What a block (or one line of it) describes, from its name; the first that matches wins,
# so the specific kinds come before the catch-all.
KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("git-status", re.compile(r"git[\s_-]*status|\bbranch\b|recent commits", re.I)),
    (
        "directory-listing",
        re.compile(
            r"director(?:y|ies)[\s_-]*(?:structure|listing|tree|contents)|file[\s_-]*(?:tree|list)"
            r"|folder[\s_-]*structure|project[\s_-]*(?:structure|layout|files)|repo[\s_-]*map",
            re.I,
        ),
    ),
    (
        "working-directory",
        re.compile(
            r"\bcwd\b|working[\s_-]*dir|current[\s_-]*dir|workspace[\s_-]*roots?|\broot\b", re.I
        ),
    ),
    ("url", re.compile(r"\burl\b|current[\s_-]*page|\bbrowser\b|\btabs?\b", re.I)),
    (
        "platform",
        re.compile(
            r"\bos\b|os[\s_-]*version|platform|operating[\s_-]*system|\bshell\b|kernel|timezone",
            re.I,
        ),
    ),
    ("environment", re.compile(r"\benv\b|environment|system[\s_-]*info", re.I)),
]

_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*)?(/?)>")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*$", re.M)
_LABEL_LINE = re.compile(r"^([A-Za-z][\w]*(?:[ _-][\w]+){0,4}):(?:[ \t]|$)", re.M)
# Blocks whose parts are blank-line separated ("gitStatus: This is the git status …\n\n
# Current branch: …\n\nStatus: …"): a blank line does not end them.
_PARAGRAPH_KINDS = ("git-status", "directory-listing")
_FIELD = re.compile(r"^[ \t]*(?:[-*][ \t]+)?([A-Za-z][\w/]*(?:[ _-][\w/]+){0,4}):")


@dataclass(frozen=True)
class EnvBlock:
    label: str  # as the agent writes it: "<environment_context>", "# gitStatus", "gitStatus:"
    kind: str  # git-status | directory-listing | working-directory | url | platform | environment
    field: str | None  # the line or inner tag that changed: "<cwd>", "OS Version"

    @property
    def where(self) -> str:
        return self.label + (f" ({self.field})" if self.field else "")


def kind_of(name: str) -> str | None:
    for kind, pattern in KINDS:
        if pattern.search(name):
            return kind
    return None


def _open_tags(text: str) -> tuple[list[tuple[int, str]], int]:
    """Tags still open at the end of `text`, outermost first (start, name), and where the
    last closing tag ends (0: none)."""
    stack: list[tuple[int, str]] = []
    closed = 0
    for m in _TAG.finditer(text):
        closing, name, self_closing = m.group(1), m.group(2), m.group(3)
        if self_closing:
            continue
        if not closing:
            stack.append((m.start(), name))
            continue
        closed = m.end()
        for k in range(len(stack) - 1, -1, -1):
            if stack[k][1] == name:
                del stack[k:]
                break
    return stack, closed


def environment_block(text: str, offset: int) -> EnvBlock | None:
    """The environment block of `text` that the character at `offset` belongs to, if any."""
    head = text[:offset]
    tags, closed = _open_tags(head)
    # The outermost open tag that names an environment; its inner tags (or the line)
    # say which part changed.
    for k, (_start, name) in enumerate(tags):
        if kind_of(name.replace("_", " ")):
            inner = tags[k + 1 :]
            field = f"<{inner[-1][1]}>" if inner else _field(text, offset)
            return _block(f"<{name}>", field)
    # Sections start after the innermost open tag (Claude Code wraps its context in
    # <system-reminder>) and after the last closed one.
    since = max(tags[-1][0] if tags else 0, closed)
    headings = list(_HEADING.finditer(head, since))
    if headings:
        if kind_of(headings[-1].group(1)):
            label_after = list(_LABEL_LINE.finditer(head, headings[-1].end()))
            field = label_after[-1].group(1) if label_after else _field(text, offset)
            return _block("# " + headings[-1].group(1), field)
        since = headings[-1].end()  # a section about something else
    # The first environment `label:` line whose section reaches the change.
    for m in _LABEL_LINE.finditer(head, since):
        if kind_of(m.group(1)) and _reaches(head, m.end(), kind_of(m.group(1))):
            later = [x.group(1) for x in _LABEL_LINE.finditer(head, m.end())]
            field = later[-1] if later else _field(text, offset, skip=m.group(1))
            return _block(m.group(1) + ":", field)
    # A single environment line in running text: "Working directory: /srv/app".
    field = _field(text, offset)
    if field is not None and kind_of(field):
        return _block(field + ":", None)
    return None


def _reaches(head: str, start: int, kind: str | None) -> bool:
    """Does a section opened at `start` run on to the end of `head`? A blank line ends it,
    except in blocks made of labelled parts ("gitStatus: …\n\nCurrent branch: …\n\n
    Status: …"), while each part opens with a labelled line."""
    paragraphs = head[start:].split("\n\n")
    if len(paragraphs) == 1:
        return True
    if kind not in _PARAGRAPH_KINDS:
        return False
    return all(":" in p.lstrip("\n").split("\n", 1)[0][:80] for p in paragraphs[1:] if p.strip())


def _block(label: str, field: str | None) -> EnvBlock:
    name = label.strip("<>#: ")
    label_kind = kind_of(name)
    field_kind = kind_of(field.strip("<>")) if field else None
    # A specific block (git status, a listing, a URL) names itself; inside a general
    # environment section the changed line says what changed.
    if label_kind in (None, "environment", "platform") and field_kind is not None:
        kind = field_kind
    else:
        kind = label_kind or field_kind or "environment"
    return EnvBlock(label, kind, field)


def _line_of(text: str, offset: int) -> str:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return text[start : len(text) if end < 0 else end]


def _field(text: str, offset: int, skip: str | None = None) -> str | None:
    m = _FIELD.match(_line_of(text, offset))
    if m is None or m.group(1) == skip:
        return None
    return m.group(1)


def segment_name(segment: str, block: EnvBlock) -> str:
    """The break's segment with the block named: "messages[0] (# gitStatus, Status)"."""
    return f"{segment} ({block.label}" + (f", {block.field})" if block.field else ")")


def block_kind(segment: str) -> str | None:
    """The kind of the block a `segment_name` names (None: no block named)."""
    if not segment.endswith(")") or " (" not in segment:
        return None
    label, _, field = segment.split(" (", 1)[1][:-1].partition(", ")
    if kind_of(label.strip("<>#: ")) is None and (not field or kind_of(field) is None):
        return None
    return _block(label, field or None).kind
