"""`promptlint probe`: promptlint's prefix-cache, KV and capacity estimates on a real vLLM.

cli (the command) → engine (launch/attach) → probe (phases, report dict) → runner (sequential
and concurrent runs, replays through promptlint.kv.blockpool) → report (table, JSON, HTML).
"""
