"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/constant.py (lines 40-55), trimmed; not the original text."""

import os

API_BASE_URL = os.getenv("API_BASE_URL", None)
MUST_ADD_USER = ["deepseek/deepseek-reasoner", "o1-mini"]
NOT_SUPPORT_FN_CALL = ["o1-mini", "deepseek/deepseek-reasoner"]
NOT_USE_FN_CALL = ["deepseek/deepseek-chat"] + NOT_SUPPORT_FN_CALL
COMPLETION_MODEL = os.getenv("COMPLETION_MODEL", "gpt-4o-2024-08-06")
