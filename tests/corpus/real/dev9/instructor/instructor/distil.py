"""Reconstruction of 567-labs/instructor@cc67955310e64056bcf8a087d570a85972a58c40:instructor/distil.py (lines 99, 259-290), trimmed; not the original text."""
# The call's keyword arguments are rendered into the final (only) user message.
import json


class Instructions:
    def openai_kwargs(self, name, fn, args, kwargs, base_model):
        func_def = f"def {fn.__name__}(...)"
        str_args = ", ".join(map(str, args))
        str_kwargs = ", ".join(f"{k}={json.dumps(v)}" for k, v in kwargs.items()) or None
        call_args = ", ".join(filter(None, [str_args, str_kwargs]))
        return {
            "messages": [
                {"role": "system", "content": f"Predict the results of this function:\n\n{func_def}"},
                {"role": "user", "content": f"Return `{name}({call_args})`"},
            ],
        }
