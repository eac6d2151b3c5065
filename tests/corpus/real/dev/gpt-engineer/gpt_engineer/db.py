"""Reconstruction of AntonOsika/gpt-engineer@bdd2cb040f9e8d4b5acd29b047c11ca3cefea974:gpt_engineer/db.py
(lines 8-55), trimmed; not the original text. A folder as a dict of files (preprompts, logs, memory).
"""

from dataclasses import dataclass
from pathlib import Path


class DB:
    def __init__(self, path):
        self.path = Path(path).absolute()
        self.path.mkdir(parents=True, exist_ok=True)

    def __contains__(self, key):
        return (self.path / key).is_file()

    def __getitem__(self, key):
        with (self.path / key).open("r", encoding="utf-8") as f:
            return f.read()

    def __setitem__(self, key, val):
        (self.path / key).write_text(val, encoding="utf-8")


@dataclass
class DBs:
    memory: DB
    logs: DB
    preprompts: DB
    input: DB
    workspace: DB
