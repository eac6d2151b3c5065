"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/model/common.py (lines 180-205), trimmed; not the original text."""

from typing import Any

SELECTED_MODEL: Any = None
MODEL_HUB: dict[str, Any] = {}
