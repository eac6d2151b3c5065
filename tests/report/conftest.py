from store.conftest import pg_server, store_url  # noqa: F401  (shared store fixtures)
