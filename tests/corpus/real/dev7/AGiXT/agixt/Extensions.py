"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/Extensions.py (lines 175-200, 1398-1496), trimmed; not the original text.

The extension metadata is built from the files find_extension_files returns (a set turned into a
list); get_extensions sorts the extensions by name before anyone formats them.
"""

import ast
import os

from ExtensionsHub import find_extension_files


def _build_extension_metadata_cache() -> dict:
    metadata: dict = {"commands": {}, "extensions": {}}
    for command_file in find_extension_files():
        with open(command_file, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                metadata["extensions"][node.name] = {"file": command_file, "commands": []}
    return metadata


class Extensions:
    def get_extensions(self) -> list[dict]:
        commands = []
        metadata = _build_extension_metadata_cache()
        for class_name, ext_info in metadata["extensions"].items():
            extension_name = os.path.basename(ext_info["file"]).split(".")[0].replace("_", " ").title()
            extension_commands = [
                {"friendly_name": name, "description": name, "command_args": {}}
                for name in ext_info.get("commands", [])
            ]
            if extension_commands:
                commands.append(
                    {"extension_name": extension_name, "description": extension_name, "commands": extension_commands}
                )
        # the order of the files found does not reach the prompt: extensions are sorted by name
        commands.sort(key=lambda x: x["extension_name"])
        return commands
