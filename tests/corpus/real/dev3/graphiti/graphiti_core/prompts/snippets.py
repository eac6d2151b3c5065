"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/snippets.py (lines 17-30), trimmed; not the original text."""

summary_instructions = """Guidelines:
1. Output only factual content.
2. Use present tense and third person."""
