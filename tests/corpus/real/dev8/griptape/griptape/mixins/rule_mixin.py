"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/mixins/rule_mixin.py (lines 12-34), trimmed; not the original text."""

from __future__ import annotations

import uuid

from attrs import Factory, define, field

from griptape.rules import Ruleset


@define(slots=False)
class RuleMixin:
    DEFAULT_RULESET_NAME = "Default Ruleset"
    _rulesets: list = field(factory=list, kw_only=True, alias="rulesets")
    rules: list = field(factory=list, kw_only=True)
    _default_ruleset_name: str = field(default=Factory(lambda: RuleMixin.DEFAULT_RULESET_NAME), kw_only=True)
    # The id names the ruleset for serialisation; rulesets.j2 renders only names and rules.
    _default_ruleset_id: str = field(default=Factory(lambda: uuid.uuid4().hex), kw_only=True)

    @property
    def rulesets(self) -> list:
        rulesets = self._rulesets.copy()
        if self.rules:
            rulesets.append(Ruleset(id=self._default_ruleset_id, name=self._default_ruleset_name, rules=self.rules))
        return rulesets
