"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/./__init__.py, trimmed; not the original text."""
