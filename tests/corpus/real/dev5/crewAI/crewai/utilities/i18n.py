"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/utilities/i18n.py (lines 1-60), trimmed; not the original text."""

import json
from pathlib import Path


class I18N:
    def __init__(self) -> None:
        path = Path(__file__).parent.parent / "translations" / "en.json"
        self._slices: dict[str, str] = json.loads(path.read_text())["slices"]

    def slice(self, name: str) -> str:
        return self._slices[name]


I18N_DEFAULT = I18N()
