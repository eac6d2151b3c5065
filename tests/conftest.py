"""Settings every test shares."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

# Prices come from the bundled snapshot only: a `promptlint pricing import` the developer
# ran (their user override) must not change any figure a test expects. Set before any test
# module imports promptlint, and inherited by the CLI subprocesses the tests start; the
# empty folder goes when the session ends.
_NO_OVERRIDE = tempfile.mkdtemp(prefix="promptlint-no-override-")
atexit.register(shutil.rmtree, _NO_OVERRIDE, ignore_errors=True)
os.environ["PROMPTLINT_PRICES"] = os.path.join(_NO_OVERRIDE, "prices.json")
