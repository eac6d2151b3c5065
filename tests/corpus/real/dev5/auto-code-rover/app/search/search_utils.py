"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/search/search_utils.py (lines 24-40), trimmed; not the original text."""

import glob
from os.path import join as pjoin


def find_python_files(dir_path: str) -> list[str]:
    py_files = glob.glob(pjoin(dir_path, "**/*.py"), recursive=True)
    return [f for f in py_files if "/tests/" not in f]
