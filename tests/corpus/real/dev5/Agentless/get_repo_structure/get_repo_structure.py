"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:get_repo_structure/get_repo_structure.py (lines 164-193), trimmed; not the original text."""

import os


def create_structure(directory_path):
    structure = {}
    for root, _, files in os.walk(directory_path):
        relative_root = os.path.relpath(root, directory_path)
        if relative_root == ".":
            relative_root = os.path.basename(directory_path)
        node = structure
        for part in relative_root.split(os.sep):
            node = node.setdefault(part, {})
        for file_name in files:
            if file_name.endswith(".py"):
                node[file_name] = {"classes": [], "functions": [], "text": []}
            else:
                node[file_name] = {}
    return structure
