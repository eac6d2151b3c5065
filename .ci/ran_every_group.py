"""Fail unless each marked test group ran: at least one test passed and none was skipped.

    python3 .ci/ran_every_group.py build/ci/postgres.xml build/ci/browser.xml ...

Reads the JUnit files `make test-slow` and `make test-engine` write. A group whose service
is missing fails under CI=true (tests/services.py); this also catches a group that
collected nothing (a renamed marker, a deleted test file), which pytest reports as success.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def counts(path: Path) -> tuple[int, int, int]:
    """(passed, skipped, failed or errored) test cases of one JUnit file."""
    passed = skipped = failed = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        outcomes = {child.tag for child in case}
        if outcomes & {"failure", "error"}:
            failed += 1
        elif "skipped" in outcomes:
            skipped += 1
        else:
            passed += 1
    return passed, skipped, failed


def main(paths: list[str]) -> int:
    bad = 0
    for name in paths:
        path = Path(name)
        if not path.is_file():
            print(f"{name}: missing: the group did not run", file=sys.stderr)
            bad += 1
            continue
        passed, skipped, failed = counts(path)
        group = path.stem
        print(f"group {group}: {passed} passed, {skipped} skipped, {failed} failed")
        if passed == 0 or skipped or failed:
            print(f"{name}: group {group} must run every test and pass", file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
