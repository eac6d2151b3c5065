"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/ExtensionsHub.py (lines 729-820), trimmed; not the original text."""

import os


def find_extension_files(base_dir: str = "extensions") -> list[str]:
    extension_files_set = set()
    for root, dirs, files in os.walk(base_dir):
        for file in files:
            if file.endswith(".py") and not file.startswith("__"):
                extension_files_set.add(os.path.normpath(os.path.join(root, file)))
    return list(extension_files_set)
