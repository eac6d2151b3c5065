"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/code_interpreter/__init__.py, trimmed; not the original text."""
