"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/__init__.py
(lines 1-1), trimmed; not the original text."""
