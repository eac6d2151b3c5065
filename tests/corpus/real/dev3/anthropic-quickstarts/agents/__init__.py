"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:agents/__init__.py (lines 1-6), trimmed; not the original text."""
