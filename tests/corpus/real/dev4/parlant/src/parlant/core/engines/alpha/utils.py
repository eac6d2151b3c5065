"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/core/engines/alpha/utils.py (lines 21-32), trimmed; not the original text."""

import json
from typing import Any, Sequence


def context_variables_to_json(variables: Sequence[tuple[Any, Any]]) -> str:
    context_values = {
        variable.name: {
            "value": value.data,
            **({"description": variable.description} if variable.description else {}),
        }
        for variable, value in variables
    }
    # the stored values come back from the document store as the JSON they were saved as
    return json.dumps(context_values)
