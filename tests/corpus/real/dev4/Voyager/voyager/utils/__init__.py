"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/utils/file_utils.py (lines 537-543), trimmed; not the original text."""


def load_text(path):
    with open(path) as handle:
        return handle.read()
