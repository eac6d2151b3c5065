"""Reconstruction of joshpxyne/gpt-migrate@262cabb5e8dae57f03e80a7c06cf0edfbc67d410:gpt_migrate/utils.py (lines 11-33, 140-210), trimmed; not the original text."""

import fnmatch
import os
from collections import Counter

from config import EXTENSION_TO_LANGUAGE, INCLUDED_EXTENSIONS


def detect_language(source_directory):
    # only counts extensions; the walk order reaches no prompt
    file_extensions = []
    for filenames in os.walk(source_directory):
        for filename in filenames[2]:
            file_extensions.append(filename.split(".")[-1])
    most_common_extension, _ = Counter(file_extensions).most_common(1)[0]
    return EXTENSION_TO_LANGUAGE.get(most_common_extension, None)


def prompt_constructor(*args):
    prompt = ""
    for arg in args:
        with open(os.path.abspath(f"prompts/{arg}"), "r") as file:
            prompt += file.read().strip()
    return prompt


def read_gitignore(path):
    gitignore_path = os.path.join(path, ".gitignore")
    patterns = []
    if os.path.exists(gitignore_path):
        with open(gitignore_path, "r") as file:
            patterns = [line.strip() for line in file if line.strip() and not line.startswith("#")]
    return patterns


def is_ignored(entry_path, gitignore_patterns):
    return any(fnmatch.fnmatch(entry_path, pattern) for pattern in gitignore_patterns)


def build_directory_structure(path=".", indent="", is_last=True, parent_prefix="", is_root=True):
    gitignore_patterns = read_gitignore(path) + [".gitignore", "*gpt_migrate/*"] if indent == "" else ["*gpt_migrate/*"]
    base_name = os.path.basename(path) or "."
    if indent == "":
        prefix = "|-- " if not is_root else ""
    elif is_last:
        prefix = parent_prefix + "└── "
    else:
        prefix = parent_prefix + "├── "
    if os.path.isdir(path):
        result = indent + prefix + base_name + "/\n" if not is_root else ""
    else:
        result = indent + prefix + base_name + "\n"
    if os.path.isdir(path):
        entries = os.listdir(path)  # expect: PL201
        for index, entry in enumerate(entries):
            entry_path = os.path.join(path, entry)
            new_parent_prefix = "    " if is_last else "│   "
            if not is_ignored(entry_path, gitignore_patterns):
                result += build_directory_structure(
                    entry_path, indent + "    ", index == len(entries) - 1, parent_prefix + new_parent_prefix, is_root=False
                )
    return result


def copy_files(sourcedir, targetdir, excluded_files=[]):
    # copies files; the listing order reaches no prompt
    for item in os.listdir(sourcedir):
        if os.path.isfile(os.path.join(sourcedir, item)):
            if item.endswith(INCLUDED_EXTENSIONS) and item not in excluded_files:
                os.makedirs(targetdir, exist_ok=True)
        else:
            copy_files(os.path.join(sourcedir, item), os.path.join(targetdir, item))


def convert_sigs_to_string(sigs):
    sig_string = ""
    for sig in sigs:
        sig_string += sig["signature"] + "\n" + sig["description"] + "\n\n"
    return sig_string


def write_to_memory(filename, content):
    with open("memory/" + filename, "a+") as file:
        for item in content:
            if item not in file.read().split("\n"):
                file.write(item + "\n")


def read_from_memory(filename):
    with open("memory/" + filename, "r") as file:
        return file.read()
