"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/prompts/ATools.py (lines 1-29), trimmed; not the original text."""

import json


def ConstructOptPrompt(func, low: int, high: int, maxLen: int):
    prompt = None
    n = None
    while low <= high:
        mid = (low + high) // 2
        p, length = func(mid)
        if length < maxLen:
            n = mid
            prompt = p
            low = mid + 1
        else:
            high = mid - 1
    return prompt, n, length


def FindRecords(prompt: str, selector, num: int, storage, collection) -> list:
    res = []
    rs = [json.loads(r) for r, _ in storage.Query(collection=collection, clue=prompt, num_results=num * 2)]
    res = [r for r in rs if selector(r)]
    return res[:num] if num > 0 else res
