"""What travels on the wire: the provider APIs' request and usage shapes.

`prompt` parses a request body into the provider-neutral Prompt, `tokens` counts its
tokens, `prefix` finds where two prompts part, `usagefile` reads recorded usage. Nothing
here knows prices or cache policies (those are `promptlint.cost`, one layer up).
"""
