"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/util/preprocess_data.py (lines 383-398, 651-663), trimmed; not the original text."""

import json

PROJECT_FILE_LOC = None


def show_project_structure(structure, spacing=0) -> str:
    """Render the nested structure dict (built from os.walk) as an indented tree."""
    text = ""
    for key, value in structure.items():
        if "." in key and ".py" not in key:
            continue
        text += " " * spacing + (key if "." in key else key + "/") + "\n"
        if "classes" not in value:
            text += show_project_structure(value, spacing + 4)
    return text


def get_repo_structure(instance_id, repo_name, base_commit, playground):
    from get_repo_structure.get_repo_structure import create_structure

    if PROJECT_FILE_LOC is not None:
        with open(PROJECT_FILE_LOC + "/" + instance_id + ".json") as f:
            return json.load(f)["structure"]
    return create_structure(f"{playground}/{repo_name}")
