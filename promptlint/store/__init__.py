"""Recordings: one store interface, SQLite (embedded default) and PostgreSQL."""
