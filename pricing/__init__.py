"""Provider cache policies and model prices: data files and their loader.

`litellm_snapshot.json` is LiteLLM's price list reduced to chat models (see
`promptlint pricing import`); `policies.json` is the provider cache-policy overlay with a
source and a date for every value. The core reads them through `load()` by way of
`importlib`, never by a static import (docs/architecture.md).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

SNAPSHOT = "litellm_snapshot.json"
POLICIES = "policies.json"


@cache
def load(name: str) -> Any:
    """Parsed contents of the bundled data file `name`."""
    with resources.files(__name__).joinpath(name).open("r", encoding="utf-8") as fh:
        return json.load(fh)


def data_path(name: str) -> str:
    """Where the bundled data file `name` lives (for `pricing import` to rewrite it)."""
    return str(resources.files(__name__).joinpath(name))
