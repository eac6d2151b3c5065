"""Reconstruction of SakanaAI/AI-Scientist@9dffdc445c2596ffa871b5588377e9f12558febc:ai_scientist/__init__.py
(lines 1-1), trimmed; not the original text."""
