"""What caching is worth: prices, provider cache policies, and the conversation simulator.

Built on `promptlint.wire` (usage); used by diagnosis, the proxy, reports and commands.
"""
