"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/utils.py (lines 204-234), trimmed; not the original text.

History sent with the request (no stored conversation) is cut to the model's token limit
on every request, newest turns first.
"""

from application.core.model_utils import get_token_limit


def num_tokens_from_string(string: str) -> int:
    return len(string.split())


def limit_chat_history(history, max_token_limit=None, model_id="docsgpt-local", user_id=None):
    model_token_limit = get_token_limit(model_id, user_id=user_id)
    max_token_limit = max_token_limit if max_token_limit and max_token_limit < model_token_limit else model_token_limit
    if not history:
        return []
    trimmed_history = []
    tokens_current_history = 0
    for message in reversed(history):  # expect: PL301
        tokens_batch = 0
        if "prompt" in message and "response" in message:
            tokens_batch += num_tokens_from_string(message["prompt"])
            tokens_batch += num_tokens_from_string(message["response"])
        if tokens_current_history + tokens_batch < max_token_limit:
            tokens_current_history += tokens_batch
            trimmed_history.insert(0, message)
        else:
            break
    return trimmed_history
