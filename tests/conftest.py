"""Settings every test shares."""

from __future__ import annotations

import os
import tempfile

# Prices come from the bundled snapshot only: a `promptlint pricing import` the developer
# ran (their user override) must not change any figure a test expects. Set before any test
# module imports promptlint, and inherited by the CLI subprocesses the tests start.
os.environ["PROMPTLINT_PRICES"] = os.path.join(
    tempfile.mkdtemp(prefix="promptlint-no-override-"), "prices.json"
)
