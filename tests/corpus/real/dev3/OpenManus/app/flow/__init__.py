"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/flow/__init__.py
(lines 1-1), trimmed; not the original text."""
