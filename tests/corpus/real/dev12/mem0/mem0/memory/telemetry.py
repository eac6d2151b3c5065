"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/memory/telemetry.py (lines 58-75), trimmed; not the original text."""

import random

MEM0_TELEMETRY_SAMPLE_RATE = 0.1


def _sampling_before_send(msg):
    is_lifecycle = msg.get("event", "").startswith("mem0.lifecycle")
    if not is_lifecycle and random.random() >= MEM0_TELEMETRY_SAMPLE_RATE:
        return None
    return msg
