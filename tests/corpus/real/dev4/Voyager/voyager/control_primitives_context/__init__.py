"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/control_primitives_context/__init__.py (lines 1-18), trimmed; not the original text.

The action agent always passes an explicit list of names; the listdir branch is unused there.
"""

import os

import pkg_resources

import voyager.utils as U


def load_control_primitives_context(primitive_names=None):
    root = pkg_resources.resource_filename("voyager", "")
    if primitive_names is None:
        primitive_names = [
            name[:-3]
            for name in os.listdir(f"{root}/control_primitives_context")
            if name.endswith(".js")
        ]
    return [
        U.load_text(f"{root}/control_primitives_context/{name}.js") for name in primitive_names
    ]
