"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/settings/config_loader.py (lines 10-25), trimmed; not the original text."""

import pathlib
from os.path import abspath, dirname, join

from dynaconf import Dynaconf

setting_dir = dirname(abspath(__file__))

# every prompt file holds its own [code_contests_prompt...] table; the prompts are looked up by
# that name, so the order in which the files are merged does not matter
toml_files = list(pathlib.Path(join(setting_dir)).glob("*.toml"))
global_settings = Dynaconf(envvar_prefix=False, merge_enabled=True, settings_files=toml_files)


def get_settings():
    return global_settings
