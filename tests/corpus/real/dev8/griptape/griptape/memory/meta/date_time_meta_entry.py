"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/memory/meta/date_time_meta_entry.py (lines 1-23), trimmed; not the original text.

A meta entry that carries the wall-clock time into the system prompt (rendered by
PromptTask.default_generate_system_template through meta_memory.j2).
"""

from __future__ import annotations

from datetime import datetime

from attrs import define, field


@define
class BaseMetaEntry:
    type: str = field(default="BaseMetaEntry", kw_only=True)


@define
class DateTimeMetaEntry(BaseMetaEntry):
    type: str = field(default=BaseMetaEntry.__name__, kw_only=True, metadata={"serializable": False})
    todays_date_and_time: str = field(
        factory=lambda: datetime.now().strftime("%Y-%m-%d %H:%M:%S"),  # expect: PL101
        kw_only=True,
        metadata={"serializable": True},
    )
