"""Reconstruction of microsoft/RD-Agent@471eb30d1ec03f35631c532c58a52ce75d684037:rdagent/scenarios/shared/get_runtime_info.py (lines 9-16), trimmed; not the original text.

runtime_info.py runs in the experiment's container and prints Python, OS and GPU facts
(memory in use from torch in that fresh process).
"""

import json
import re
from pathlib import Path

from rdagent.core.experiment import FBWorkspace


def get_runtime_environment_by_env(env) -> str:
    implementation = FBWorkspace()
    fname = "runtime_info.py"
    implementation.inject_files(**{fname: (Path(__file__).absolute().resolve().parent / "runtime_info.py").read_text()})
    stdout = implementation.execute(env=env, entry=f"python {fname}")
    json_match = re.search(r"\{.*\}", stdout, re.DOTALL)
    return json.dumps(json.loads(json_match.group()), indent=2)
