"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/function.py (lines 11-67), trimmed; not the original text."""

import importlib.util
from pathlib import Path
from typing import Any, Callable, Dict, List

from .config import cfg


class Function:
    def __init__(self, path: str):
        spec = importlib.util.spec_from_file_location(Path(path).stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self._function = module.Function.execute
        self._openai_schema = module.Function.openai_schema()
        self._name = self._openai_schema["function"]["name"]

    @property
    def name(self) -> str:
        return self._name

    @property
    def openai_schema(self) -> Dict[str, Any]:
        return self._openai_schema


functions_folder = Path(cfg.get("OPENAI_FUNCTIONS_PATH"))
# the tools are sent in the order the directory listing yields the files
functions = [Function(str(path)) for path in functions_folder.glob("*.py")]  # expect: PL201


def get_function(name: str) -> Callable[..., Any]:
    for function in functions:
        if function.name == name:
            return function._function
    raise ValueError(f"Function {name} not found")


def get_openai_schemas() -> List[Dict[str, Any]]:
    return [function.openai_schema for function in functions]
