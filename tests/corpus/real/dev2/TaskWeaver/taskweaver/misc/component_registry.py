"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/misc/component_registry.py (lines 15-80), trimmed; not the original text."""

import glob
from typing import Dict, List


class ComponentRegistry:
    def __init__(self, file_glob: str) -> None:
        self._file_glob = file_glob
        self._registry: Dict[str, object] | None = None

    def _load_component(self, path: str) -> tuple[str, object]:
        raise NotImplementedError(path)

    def get_registry(self) -> Dict[str, object]:
        if self._registry is None:
            registry = {}
            for path in glob.glob(self._file_glob):
                name, component = self._load_component(path)
                registry[name] = component
            self._registry = registry
        return self._registry

    def get_list(self) -> List[object]:
        registry = self.get_registry()
        keys = sorted(registry.keys())
        return [registry[k] for k in keys]
