"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/__init__.py
(lines 1-1), trimmed; not the original text."""
