"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/agent/history_processors.py
(lines 1-337, 340-360), trimmed; not the original text.

The history processors run over the whole history before every query (agents.py, messages).
Some rewrite earlier entries as the history grows.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import BaseModel

History = list[dict[str, Any]]


def _get_content_text(entry: dict) -> str:
    if isinstance(entry["content"], str):
        return entry["content"]
    return entry["content"][0]["text"]


def _clear_cache_control(entry: dict) -> None:
    if isinstance(entry["content"], list):
        for item in entry["content"]:
            item.pop("cache_control", None)
    entry.pop("cache_control", None)


def _set_cache_control(entry: dict) -> None:
    if not isinstance(entry["content"], list):
        entry["content"] = [{"type": "text", "text": _get_content_text(entry), "cache_control": {"type": "ephemeral"}}]
    else:
        entry["content"][0]["cache_control"] = {"type": "ephemeral"}
    if entry["role"] == "tool":
        entry["content"][0].pop("cache_control", None)
        entry["cache_control"] = {"type": "ephemeral"}


class DefaultHistoryProcessor(BaseModel):
    def __call__(self, history: History) -> History:
        return history


class LastNObservations(BaseModel):
    n: int
    polling: int = 1
    always_remove_output_for_tags: set[str] = {"remove_output"}
    always_keep_output_for_tags: set[str] = {"keep_output"}

    def _get_omit_indices(self, history: History) -> list[int]:
        observation_indices = [
            idx for idx, entry in enumerate(history) if entry.get("message_type") == "observation" and not entry.get("is_demo", False)
        ]
        last_removed_idx = max(0, (len(observation_indices) // self.polling) * self.polling - self.n)
        return observation_indices[1:last_removed_idx]  # expect: PL301

    def __call__(self, history: History) -> History:
        new_history = []
        omit = self._get_omit_indices(history)
        for idx, entry in enumerate(history):
            tags = set(entry.get("tags", []))
            if (idx not in omit or tags & self.always_keep_output_for_tags) and not tags & self.always_remove_output_for_tags:
                new_history.append(entry)
            else:
                data = entry.copy()
                n_lines = len(_get_content_text(data).splitlines())
                data["content"] = f"Old environment output: ({n_lines} lines omitted)"
                new_history.append(data)
        return new_history


class TagToolCallObservations(BaseModel):
    tags: set[str] = {"keep_output"}
    function_names: set[str] = set()

    def __call__(self, history: History) -> History:
        # clean: the tags steer the other processors and are never sent
        for entry in history:
            names = {call["function"]["name"] for call in entry.get("tool_calls") or []}
            if entry.get("message_type") == "action" and self.function_names & names:
                entry["tags"] = list(set(entry.get("tags", [])) | self.tags)
        return history


class ClosedWindowHistoryProcessor(BaseModel):
    _pattern = re.compile(r"^(\d+)\:.*?(\n|$)", re.MULTILINE)
    _file_pattern = re.compile(r"\[File:\s+(.*)\s+\(\d+\s+lines\ total\)\]")

    def __call__(self, history):
        new_history = []
        windows = set()
        for entry in reversed(history):
            data = entry.copy()
            if data["role"] != "user" or data.get("is_demo", False):
                new_history.append(entry)
                continue
            matches = list(self._pattern.finditer(entry["content"]))
            if matches:
                file_match = self._file_pattern.search(entry["content"])
                if not file_match:
                    continue
                file = file_match.group(1)
                if file in windows:
                    start, end = matches[0].start(), matches[-1].end()
                    omitted = f"Outdated window with {len(matches)} lines omitted...\n"
                    data["content"] = entry["content"][:start] + omitted + entry["content"][end:]  # expect: PL301
                windows.add(file)
            new_history.append(data)
        return list(reversed(new_history))


class CacheControlHistoryProcessor(BaseModel):
    last_n_messages: int = 2
    last_n_messages_offset: int = 0
    tagged_roles: list[str] = ["user", "tool"]

    def __call__(self, history: History) -> History:
        # clean (doubtful): markers set in a loop, but on the last two user/tool messages only
        new_history = []
        n_tagged = 0
        for i_entry, entry in enumerate(reversed(history)):
            _clear_cache_control(entry)
            if n_tagged < self.last_n_messages and entry["role"] in self.tagged_roles and i_entry >= self.last_n_messages_offset:
                _set_cache_control(entry)
                n_tagged += 1
            new_history.append(entry)
        return list(reversed(new_history))


class RemoveRegex(BaseModel):
    remove: list[str] = ["<diff>.*</diff>"]
    keep_last: int = 0

    def __call__(self, history: History) -> History:
        new_history = []
        for i_entry, entry in enumerate(reversed(history)):
            entry = copy.deepcopy(entry)
            if i_entry < self.keep_last:
                new_history.append(entry)
                continue
            for pattern in self.remove:
                entry["content"] = re.sub(pattern, "", entry["content"], flags=re.DOTALL)  # expect: PL301
            new_history.append(entry)
        return list(reversed(new_history))


class ImageParsingHistoryProcessor(BaseModel):
    _pattern = re.compile(r"(!\[([^\]]*)\]\(data:)([^;]+);base64,([^)]+)(\))")

    def __call__(self, history: History) -> History:
        # clean: each entry is converted on its own, the same way every time
        return [self._process_entry(entry) for entry in history]

    def _process_entry(self, entry: dict) -> dict:
        if entry.get("role") not in ["user", "tool"]:
            return entry
        entry = copy.deepcopy(entry)
        content = _get_content_text(entry)
        segments = []
        last = 0
        for match in self._pattern.finditer(content):
            segments.append({"type": "text", "text": content[last : match.start()]})
            segments.append({"type": "image_url", "image_url": {"url": f"data:{match.group(3)};base64,{match.group(4)}"}})
            last = match.end()
        if segments:
            segments.append({"type": "text", "text": content[last:]})
            entry["content"] = segments
        return entry
