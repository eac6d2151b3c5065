"""What a test group does when the real service it needs is not on the machine.

Locally the group is skipped, with the reason. Under CI (`CI=true`, as CI services and
`.ci/run` set it) it fails instead: CI installs every service, so a missing one is a broken
CI machine, and a green run must mean the group ran.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def service_missing(reason: str) -> NoReturn:
    if under_ci():
        pytest.fail(f"{reason}; CI=true, so this fails instead of skipping", pytrace=False)
    pytest.skip(reason)
