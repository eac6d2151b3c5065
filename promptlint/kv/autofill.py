"""Defaults from transformers' config classes, for fields a raw config.json leaves out.

Imported lazily (transformers takes seconds to import) and used only when the raw JSON and
promptlint's own family rules cannot answer. Never touches the network: the config class is
built from the dict we already read.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from typing import Any


def transformers_text_config(model_type: str, raw: Mapping[str, Any]) -> Any | None:
    """transformers' config object for `raw` (its text part), or None if it cannot build one."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from transformers.models.auto.configuration_auto import CONFIG_MAPPING

            if model_type not in CONFIG_MAPPING:
                return None
            config = CONFIG_MAPPING[model_type].from_dict(dict(raw))
            get_text = getattr(config, "get_text_config", None)
            return get_text() if callable(get_text) else config
    except Exception:  # any failure means: no defaults to offer; the raw path decides
        return None


def transformers_layer_types(model_type: str, raw: Mapping[str, Any]) -> list[str] | None:
    config = transformers_text_config(model_type, raw)
    if config is None:
        return None
    for attribute in ("layer_types", "layers_block_type"):
        try:
            names = getattr(config, attribute, None)
        except Exception:  # a computed property may fail on an odd config
            names = None
        if isinstance(names, list) and names and all(isinstance(x, str) for x in names):
            return list(names)
    return None
