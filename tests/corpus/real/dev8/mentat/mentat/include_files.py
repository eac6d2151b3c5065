"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/include_files.py (lines 166-273), trimmed; not the original text."""

import os
from pathlib import Path

from mentat.code_feature import CodeFeature


def get_paths_for_directory(path: Path, include_patterns=frozenset(), exclude_patterns=frozenset(),
                            recursive: bool = True) -> set:
    paths = set()
    for root, dirs, files in os.walk(path, topdown=True):
        for file in files:
            paths.add(Path(root).joinpath(file))
        if not recursive:
            break
    return set(p.resolve() for p in paths)


def get_code_features_for_path(path: Path, cwd: Path, include_patterns=frozenset(),
                               exclude_patterns=frozenset()) -> set:
    if path.is_file():
        return {CodeFeature(path)}
    paths = get_paths_for_directory(path, include_patterns, exclude_patterns)
    code_features = set(CodeFeature(p) for p in paths)
    return code_features
