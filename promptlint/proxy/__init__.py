"""The recording proxy: forwards LLM API traffic unchanged and records usage and prefix breaks.

The response path only forwards bytes and tees usage; parsing, analysis and storage run
in a background writer thread fed by a bounded queue.
"""
