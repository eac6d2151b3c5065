"""Reconstruction of binary-husky/gpt_academic@0aa0472da44edc0a888c7f83b564c6d0d1089366:shared_utils/context_clip_policy.py (lines 168-215), trimmed; not the original text."""

from shared_utils.config_loader import get_conf


def get_token_num(txt, tokenizer):
    return len(tokenizer.encode(txt, disallowed_special=()))


def auto_context_clip_search_optimal(current, history, promote_latest_long_message=False):
    context = history + [current]
    trigger_clip_token_len = get_conf('AUTO_CONTEXT_CLIP_TRIGGER_TOKEN_LEN')
    tokenizer = get_model_info()['gpt-4']['tokenizer']
    max_round = get_conf('AUTO_CONTEXT_MAX_ROUND')
    char_len = sum([len(h) for h in context])
    if char_len < trigger_clip_token_len:
        history = context[:-1]
        current = context[-1]
        return current, history
    if len(context) > max_round:
        context = context[-max_round:]  # expect: PL301
    context_token_num = [get_token_num(h, tokenizer) for h in context]
    total_token_num = sum(context_token_num)
    if total_token_num < trigger_clip_token_len:
        return context[-1], context[:-1]
    clip_token_len = trigger_clip_token_len * 0.90
    max_clip_ratio = list(reversed(get_conf('AUTO_CONTEXT_MAX_CLIP_RATIO')))
    if len(context) > len(max_clip_ratio):
        context = context[-len(max_clip_ratio):]
    for index in range(len(context)):
        allowed = max_clip_ratio[index] * clip_token_len
        if context_token_num[index] > allowed:
            context[index] = context[index][: int(len(context[index]) * allowed / context_token_num[index])]
    return context[-1], context[:-1]
