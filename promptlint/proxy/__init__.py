"""The recording proxy: forwards LLM API traffic unchanged and records usage and prefix breaks.

The response path only forwards bytes and tees usage; parsing, analysis and storage run
in a writer (a child process by default) fed by a bounded queue. docs/architecture.md
("Proxy") draws the path.
"""
