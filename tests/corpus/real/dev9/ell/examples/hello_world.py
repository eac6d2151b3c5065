"""Reconstruction of MadcowD/ell@9d129846203e75efeb4e5cddd3fb1c164dc0b243:examples/hello_world.py (lines 6-18), trimmed; not the original text."""
# The random words end the only (user) message of a one-shot request with no system prompt.
import random

import ell


def get_random_adjective():
    return random.choice(["enthusiastic", "cheerful", "warm", "friendly", "heartfelt", "sincere"])


def get_random_punctuation():
    return random.choice(["!", "!!", "!!!"])


@ell.simple(model="gpt-4o")
def hello(name: str):
    adjective = get_random_adjective()
    punctuation = get_random_punctuation()
    return f"Say a {adjective} hello to {name}{punctuation}"
