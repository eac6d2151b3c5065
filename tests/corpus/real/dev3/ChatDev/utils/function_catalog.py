"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:utils/function_catalog.py (lines 33-114), trimmed; not the original text."""

from pathlib import Path
from typing import Dict, List

from utils.function_manager import get_function_manager


class FunctionCatalog:
    def __init__(self, functions_dir: str | Path):
        self._functions_dir = Path(functions_dir).resolve()
        self._metadata: Dict[str, object] = {}
        self._module_index: Dict[str, List[str]] = {}

    def refresh(self) -> None:
        # the manager registers functions in rglob order; the index is sorted before use
        manager = get_function_manager(self._functions_dir)
        manager.load_functions()
        index: Dict[str, List[str]] = {}
        for name, fn in manager.list_functions().items():
            meta = _build_function_metadata(name, fn, self._functions_dir)
            self._metadata[name] = meta
            index.setdefault(meta.module_name, []).append(name)
        for names in index.values():
            names.sort()
        self._module_index = index

    def functions_for_module(self, module_name: str) -> List[str]:
        return list(self._module_index.get(module_name, []))


def _build_function_metadata(name, fn, functions_dir):
    ...
