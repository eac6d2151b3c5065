"""The base class of every `check` rule, whatever the language it reads.

A rule is one class in one file: its code, kebab-case name, docs (fixed sections) and
VALID / INVALID examples live in the class; the examples become tests automatically
(`tests/check/test_rule_examples.py`). Defining a subclass with a `CODE` registers it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from promptlint.findings import Finding, Fix, Severity

DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety")


@dataclass(frozen=True)
class Valid:
    """Code the rule must not flag, checked with the `[tool.promptlint]` keys of
    `settings` (none: the defaults)."""

    code: str
    settings: tuple[tuple[str, object], ...] = ()

    @property
    def source(self) -> str:
        return textwrap.dedent(self.code).strip("\n") + "\n"


@dataclass(frozen=True)
class Invalid:
    """Code the rule must flag at `line` (1-based, of the dedented code), `column` (1-based).

    `expected_replacement` is the whole source after the rule's fix is applied (with
    --unsafe-fixes when the fix is unsafe): a rule claims a fix only through such an example.
    """

    code: str
    line: int
    column: int | None = None
    expected_replacement: str | None = None
    message_contains: str | None = None
    settings: tuple[tuple[str, object], ...] = ()  # `[tool.promptlint]` keys, as in Valid

    @property
    def source(self) -> str:
        return textwrap.dedent(self.code).strip("\n") + "\n"

    @property
    def expected(self) -> str | None:
        if self.expected_replacement is None:
            return None
        return textwrap.dedent(self.expected_replacement).strip("\n") + "\n"


# Every concrete rule, filled by Rule.__init_subclass__ as the catalogue is imported;
# check/registry.py loads the catalogue and selects from it.
REGISTERED: dict[tuple[str, str], type[Rule]] = {}  # (LANGUAGE, CODE) -> rule


class Rule:
    """Base class of all rules. Subclasses that define `CODE` register themselves.

    Front ends decide how a rule is run (Python rules see the analysed module, Jinja
    rules the template AST); the engine treats all findings alike.
    """

    CODE: ClassVar[str]
    NAME: ClassVar[str]
    LANGUAGE: ClassVar[str]
    SEVERITY: ClassVar[Severity] = Severity.WARNING
    MESSAGE: ClassVar[str] = ""
    VALID: ClassVar[list[Valid]] = []
    INVALID: ClassVar[list[Invalid]] = []
    # Derived from INVALID: True when an example shows the fixed code.
    AUTOFIX: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "CODE" not in cls.__dict__:
            return  # an intermediate base class (e.g. one per language)
        cls.AUTOFIX = any(case.expected_replacement is not None for case in cls.INVALID)
        key = (cls.LANGUAGE, cls.CODE)
        existing = REGISTERED.get(key)
        if existing is not None and existing.__qualname__ != cls.__qualname__:
            raise RuntimeError(f"rule code {cls.CODE} ({cls.LANGUAGE}) registered twice")
        REGISTERED[key] = cls

    @classmethod
    def doc(cls) -> str:
        return textwrap.dedent(cls.__doc__ or "").strip()

    @classmethod
    def doc_sections(cls) -> dict[str, str]:
        """The docstring split by its `## Section` headings."""
        sections: dict[str, str] = {}
        current: str | None = None
        lines: list[str] = []
        for line in cls.doc().splitlines():
            if line.startswith("## "):
                if current is not None:
                    sections[current] = "\n".join(lines).strip()
                current, lines = line[3:].strip(), []
            elif current is not None:
                lines.append(line)
        if current is not None:
            sections[current] = "\n".join(lines).strip()
        return sections

    @classmethod
    def finding(
        cls,
        path: str,
        line: int,
        column: int,
        end_line: int | None = None,
        end_column: int | None = None,
        message: str | None = None,
        fix: Fix | None = None,
        details: dict[str, object] | None = None,
    ) -> Finding:
        """A Finding carrying this rule's code, name and severity (positions are 1-based)."""
        return Finding(
            code=cls.CODE,
            name=cls.NAME,
            path=path,
            line=line,
            column=column,
            end_line=end_line if end_line is not None else line,
            end_column=end_column if end_column is not None else column,
            message=message or cls.MESSAGE,
            severity=cls.SEVERITY,
            fix=fix,
            details=details or {},
        )


def missing_doc_sections(rule: type[Rule]) -> Sequence[str]:
    sections = rule.doc_sections()
    return [name for name in DOC_SECTIONS if name not in sections]
