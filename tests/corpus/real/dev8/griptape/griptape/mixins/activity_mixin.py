"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/mixins/activity_mixin.py (lines 15-65), trimmed; not the original text."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from attrs import define, field


@define(slots=False)
class ActivityMixin:
    allowlist: list[str] | None = field(default=None, kw_only=True)
    denylist: list[str] | None = field(default=None, kw_only=True)

    def activities(self) -> list[Callable]:
        methods = []
        # inspect.getmembers returns the members sorted by name.
        for name, method in inspect.getmembers(self, predicate=inspect.ismethod):
            allowlist_condition = self.allowlist is None or name in self.allowlist
            denylist_condition = self.denylist is None or name not in self.denylist
            if getattr(method, "is_activity", False) and allowlist_condition and denylist_condition:
                methods.append(method)
        return methods
