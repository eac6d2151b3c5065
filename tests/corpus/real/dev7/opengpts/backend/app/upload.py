"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/upload.py (lines 1-20), trimmed; not the original text."""

vstore = None
