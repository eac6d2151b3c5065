"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/role.py (lines 37-153), trimmed; not the original text."""

import json
import platform
from os import getenv
from os.path import basename
from pathlib import Path
from typing import Dict, Optional

from .config import cfg

DEFAULT_ROLE = """You are a programming and system administration assistant.
You manage the {os} operating system with the {shell} shell.
APPLY MARKDOWN formatting when possible."""

ROLE_TEMPLATE = "You are {name}\n{role}"


class SystemRole:
    storage: Path = Path(cfg.get("ROLE_STORAGE_PATH"))

    def __init__(self, name: str, role: str, variables: Optional[Dict[str, str]] = None) -> None:
        self.name = name
        if variables:
            role = role.format(**variables)
        self.role = role

    @classmethod
    def create_defaults(cls) -> None:
        # detected once and written into the role file; later requests read the file back
        variables = {"shell": cls._shell_name(), "os": cls._os_name()}
        role = SystemRole("ShellGPT", DEFAULT_ROLE, variables)
        if not role._file_path.exists():
            role._save()

    @classmethod
    def get(cls, name: str) -> "SystemRole":
        return cls(**json.loads((cls.storage / f"{name}.json").read_text()))

    @classmethod
    def _os_name(cls) -> str:
        return platform.system()

    @classmethod
    def _shell_name(cls) -> str:
        return basename(getenv("SHELL", "/bin/sh"))

    @property
    def _file_path(self) -> Path:
        return self.storage / f"{self.name}.json"

    def _save(self) -> None:
        self.role = ROLE_TEMPLATE.format(name=self.name, role=self.role)
        self._file_path.write_text(json.dumps(self.__dict__), encoding="utf-8")
