"""promptlint keeps LLM prompt prefixes cacheable and tells what caching is worth."""

__version__ = "0.1.0"
