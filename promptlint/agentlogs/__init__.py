"""Coding agents' own logs as recordings: `promptlint import claude-code | codex`.

Claude Code and Codex CLI log every model call with its usage. Read into the store, those
calls work like proxy recordings (`sessions`, `explain`, `report`), and the cache breaks are
inferred from what the logs hold: reads falling short of what the previous call cached, the
gap against the TTL, model switches, compactions, and — where the log keeps the request's
shape — which part of the prompt changed.
"""
