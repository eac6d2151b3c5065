"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/misc/example.py (lines 8-40), trimmed; not the original text."""

import glob
from os import path
from typing import List, Optional, Set

import yaml


class Conversation:
    def __init__(self, rounds: list, enabled: bool = True, roles: Optional[Set[str]] = None):
        self.rounds = rounds
        self.enabled = enabled
        self.roles = roles or set()

    @classmethod
    def from_yaml(cls, yaml_path: str) -> "Conversation":
        with open(yaml_path) as f:
            data = yaml.safe_load(f)
        return cls(data.get("rounds", []), data.get("enabled", True), set(data.get("roles", [])))


def load_examples(folder: str, sub_path: Optional[str] = None, role_set: Optional[Set[str]] = None) -> List[Conversation]:
    if sub_path:
        folder = path.join(folder, sub_path)
    if not path.exists(folder):
        raise FileNotFoundError(f"Folder {folder} does not exist.")
    example_file_list: List[str] = glob.glob(path.join(folder, "*.yaml"))  # expect: PL201
    example_conv_pool: List[Conversation] = []
    for yaml_path in example_file_list:
        conversation = Conversation.from_yaml(yaml_path)
        if conversation.enabled and (not role_set or conversation.roles.issubset(role_set)):
            example_conv_pool.append(conversation)
    return example_conv_pool
