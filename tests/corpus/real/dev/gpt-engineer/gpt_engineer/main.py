"""Reconstruction of AntonOsika/gpt-engineer@bdd2cb040f9e8d4b5acd29b047c11ca3cefea974:gpt_engineer/main.py
(lines 50-65), trimmed; not the original text.
"""

import json

from gpt_engineer.steps import STEPS


def run_steps(ai, dbs, config):
    for step in STEPS[config]:
        messages = step(ai, dbs)
        # clean: a log file written once per step; later steps read it back in the same order
        dbs.logs[step.__name__] = json.dumps(messages)
