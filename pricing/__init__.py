"""Provider cache policies and model prices: data only.

`litellm_snapshot.json` is LiteLLM's price list reduced to chat models (see
`promptlint pricing import`); `policies.json` is the provider cache-policy overlay with a
source and a date for every value. `promptlint.cost.catalog` reads them through
`importlib.resources`; nothing imports this package by name (docs/architecture.md).
"""
