"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/prompts/__init__.py (lines 1-7), trimmed; not the original text.

Every prompt is a text file shipped in the package: static.
"""

import pkg_resources

import voyager.utils as U


def load_prompt(prompt):
    root = pkg_resources.resource_filename("voyager", "")
    return U.load_text(f"{root}/prompts/{prompt}.txt")
