"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/legacy/utils.py (lines 1621-1623), trimmed; not the original text."""

import datetime


def get_today_str() -> str:
    return datetime.datetime.now().strftime("%a %b %-d, %Y")
