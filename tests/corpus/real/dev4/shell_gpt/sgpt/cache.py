"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/cache.py (lines 7-44), trimmed; not the original text."""

import json
from hashlib import md5
from pathlib import Path
from typing import Any, Callable, Generator


class Cache:
    def __init__(self, length: int, cache_path: Path) -> None:
        self.length = length
        self.cache_path = cache_path

    def __call__(self, func: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Generator[str, None, None]:
            # the name of a local response file, never part of a request
            key = md5(json.dumps((args[1:], kwargs)).encode("utf-8")).hexdigest()
            file = self.cache_path / key
            if kwargs.pop("caching") and file.exists():
                yield file.read_text()
                return
            result = ""
            for i in func(*args, **kwargs):
                result += i
                yield i
            file.write_text(result, encoding="utf-8")

        return wrapper
