"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/connectors/ai/function_calling_utils.py (lines 81-101), trimmed; not the original text.

The combined dict only filters which functions are offered; their order comes from the kernel's
plugins, not from these keys.
"""

from collections import OrderedDict


def _combine_filter_dicts(*dicts: dict) -> dict:
    combined_filters = {}
    keys = set().union(*(d.keys() for d in dicts))
    for key in keys:
        combined_functions: OrderedDict = OrderedDict()
        for d in dicts:
            if key in d:
                for item in d[key]:
                    combined_functions[item] = None
        combined_filters[key] = list(combined_functions.keys())
    return combined_filters
