"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/components/agents/tool_calling.py (lines 83-100, 514-590), trimmed; not the original text."""

import json
from concurrent.futures import ThreadPoolExecutor


def _result_to_string(result) -> str:
    if isinstance(result, str):
        return result
    try:
        return json.dumps(result, ensure_ascii=False)
    except TypeError:
        return str(result)


def _run_tool(tool_calls, resolved_tools, state, max_workers: int = 4):
    results: list = [None] * len(tool_calls)
    with ThreadPoolExecutor(max_workers=max_workers) as executor:
        futures = {idx: executor.submit(resolved_tools[idx].invoke, **call.arguments) for idx, call in enumerate(tool_calls)}
        for idx in range(len(tool_calls)):
            results[idx] = _result_to_string(futures[idx].result())
    return results, state
