"""The cause vocabulary and the rule registry name the same things the same way."""

from __future__ import annotations

from promptlint.causes import CAUSES, Cause
from promptlint.check.registry import all_rules, load_rules


def test_every_rule_code_is_a_cause_with_the_same_name() -> None:
    load_rules()
    rules = {(rule.CODE, rule.NAME) for rule in all_rules()}
    assert rules, "no rules registered"
    for code, name in sorted(rules):
        cause = Cause(name)  # ValueError: a rule name the diagnosis cannot report
        assert cause.code == code, f"{name}: rule {code}, cause {cause.code}"


def test_cause_codes_are_unique_and_only_traffic_causes_lack_a_rule() -> None:
    load_rules()
    codes = [info.code for info in CAUSES.values() if info.code]
    assert len(codes) == len(set(codes))
    rule_codes = {rule.CODE for rule in all_rules()}
    # tool-change (a tool added, removed or edited) is seen in traffic; no static rule
    # can tell an intended tool change from an accidental one.
    assert set(codes) - rule_codes == {"PL203"}
    assert set(CAUSES) == set(Cause)
