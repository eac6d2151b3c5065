"""Prompt templates and chat templates (Jinja): loading, static rules' helpers, render check.

Everything here imports only jinja2 and the standard library at module level, so that
`promptlint check` stays fast to start; a tokenizer is loaded only when a template
directory ships a `tokenizer.json`.
"""
