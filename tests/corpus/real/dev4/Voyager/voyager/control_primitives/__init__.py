"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/control_primitives/__init__.py (lines 1-18), trimmed; not the original text.

These JavaScript sources are handed to the Mineflayer environment with each program run, never
to the model.
"""

import os

import pkg_resources

import voyager.utils as U


def load_control_primitives(primitive_names=None):
    root = pkg_resources.resource_filename("voyager", "")
    if primitive_names is None:
        primitive_names = [
            name[:-3] for name in os.listdir(f"{root}/control_primitives") if name.endswith(".js")
        ]
    return [U.load_text(f"{root}/control_primitives/{name}.js") for name in primitive_names]
