"""Reconstruction of Doriandarko/claude-engineer@0a9e4b309bf6b2eda05dcf073cf5094beb08e0c8:tools/filecontentreadertool.py (lines 60-137), trimmed; not the original text."""

import json
import os

from tools.base import BaseTool


class FileContentReaderTool(BaseTool):
    name = "filecontentreadertool"
    description = "Reads the content of files and directories."
    input_schema = {"type": "object", "properties": {"file_paths": {"type": "array", "items": {"type": "string"}}}, "required": ["file_paths"]}

    def _should_skip(self, path: str) -> bool:
        return os.path.basename(path).startswith(".")

    def _read_directory(self, dir_path: str) -> dict:
        results = {}
        for root, dirs, files in os.walk(dir_path):
            dirs[:] = [d for d in dirs if not self._should_skip(os.path.join(root, d))]
            for file in files:
                file_path = os.path.join(root, file)
                if not self._should_skip(file_path):
                    with open(file_path, "r", encoding="utf-8") as f:
                        results[file_path] = f.read()
        return results

    def execute(self, **kwargs) -> str:
        results = {}
        for path in kwargs.get("file_paths", []):
            if os.path.isdir(path):
                results.update(self._read_directory(path))
            else:
                with open(path, "r", encoding="utf-8") as f:
                    results[path] = f.read()
        return json.dumps(results, indent=2)
