"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/handlers/default_handler.py (lines 10-22), trimmed; not the original text."""

from typing import Dict, List

from ..role import SystemRole
from .handler import Handler


class DefaultHandler(Handler):
    def __init__(self, role: SystemRole, markdown: bool) -> None:
        super().__init__(role, markdown)

    def make_messages(self, prompt: str) -> List[Dict[str, str]]:
        return [
            {"role": "system", "content": self.role.role},
            {"role": "user", "content": prompt},
        ]
