"""`# promptlint: ignore[CODE]` on a line, `# promptlint: ignore-file[CODE]` anywhere.

The marker is matched as text, so the same syntax works inside any comment form:
`# ...` in Python, `{# ... #}` in Jinja. A bare `ignore` / `ignore-file` means every rule.
Codes and kebab-case names are both accepted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from promptlint.findings import Finding

_MARKER = re.compile(r"promptlint:\s*(ignore-file|ignore)\b(?:\[([^\]]*)\])?")
ALL = "*"


@dataclass
class Suppressions:
    by_line: dict[int, set[str]] = field(default_factory=dict)
    file_wide: set[str] = field(default_factory=set)

    def suppresses(self, finding: Finding) -> bool:
        keys = {finding.code, finding.name, ALL}
        if keys & self.file_wide:
            return True
        for line in {finding.line, finding.end_line}:
            if keys & self.by_line.get(line, set()):
                return True
        return False


def parse_suppressions(text: str) -> Suppressions:
    found = Suppressions()
    if "promptlint:" not in text:
        return found
    for number, line in enumerate(text.splitlines(), start=1):
        if "promptlint:" not in line:
            continue
        for match in _MARKER.finditer(line):
            kind, listed = match.group(1), match.group(2)
            names = {ALL} if listed is None else {n.strip() for n in listed.split(",") if n.strip()}
            if kind == "ignore-file":
                found.file_wide |= names
            else:
                found.by_line.setdefault(number, set()).update(names)
    return found
