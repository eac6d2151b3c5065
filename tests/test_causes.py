"""The cause vocabulary and the rule registry name the same things the same way."""

from __future__ import annotations

from promptlint.causes import CAUSES, Cause
from promptlint.check.registry import all_rules, load_rules
from promptlint.findings import Severity


def _break_rules() -> set[tuple[str, str]]:
    # Info-severity rules are notes about what `check` saw or could not run (a date input
    # a chat template prints, a render that did not complete), not causes of a break.
    load_rules()
    return {(r.CODE, r.NAME) for r in all_rules() if r.SEVERITY is not Severity.INFO}


def test_every_rule_code_is_a_cause_with_the_same_name() -> None:
    rules = _break_rules()
    assert rules, "no rules registered"
    for code, name in sorted(rules):
        cause = Cause(name)  # ValueError: a rule name the diagnosis cannot report
        assert cause.code == code, f"{name}: rule {code}, cause {cause.code}"


def test_notes_do_not_take_a_causes_code_or_name() -> None:
    load_rules()
    notes = {(r.CODE, r.NAME) for r in all_rules() if r.SEVERITY is Severity.INFO}
    codes = {info.code for info in CAUSES.values()}
    for code, name in notes:
        assert code not in codes and name not in {c.value for c in Cause}, (code, name)


def test_cause_codes_are_unique_and_only_traffic_causes_lack_a_rule() -> None:
    codes = [info.code for info in CAUSES.values() if info.code]
    assert len(codes) == len(set(codes))
    rule_codes = {code for code, _ in _break_rules()}
    # tool-change (a tool added, removed or edited) is seen in traffic; no static rule
    # can tell an intended tool change from an accidental one.
    assert set(codes) - rule_codes == {"PL203"}
    assert set(CAUSES) == set(Cause)
