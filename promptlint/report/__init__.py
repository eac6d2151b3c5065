"""`promptlint report`: what the recordings cost, what caching saved, what breaks lost."""
