"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/prompts/di/__init__.py, trimmed; not the original text."""
