"""Errors that end a command with a one-line message and exit code 2."""

from __future__ import annotations


class UserError(Exception):
    """Bad input, config or usage: printed as one line, exit code 2, never a traceback."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
