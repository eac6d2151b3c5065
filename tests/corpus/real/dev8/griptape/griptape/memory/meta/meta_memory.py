"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/memory/meta/meta_memory.py (lines 11-22), trimmed; not the original text."""

from __future__ import annotations

from attrs import define, field


@define
class MetaMemory:
    entries: list = field(factory=list, kw_only=True)

    def add_entry(self, entry: object) -> None:
        self.entries.append(entry)
