"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:src/agents/run_internal/session_persistence.py
(lines 189-200, 320-390), trimmed; not the original text.
"""


async def _session_get_items(session, limit=None):
    if limit is None:
        return await session.get_items()
    return await session.get_items(limit=limit)


async def prepare_input_with_session(input, session, session_settings=None):
    if session is None:
        return input, []
    resolved_settings = getattr(session, "session_settings", None) or session_settings
    if resolved_settings is not None and resolved_settings.limit is not None:
        # with SessionSettings(limit=N) each turn sends only the newest N items: once the session
        # is longer, the window moves and the history after the system prompt shifts every turn
        history = await _session_get_items(session, limit=resolved_settings.limit)  # expect: PL301
    else:
        history = await _session_get_items(session)
    new_input_list = input if isinstance(input, list) else [{"role": "user", "content": input}]
    return history + new_input_list, list(new_input_list)
