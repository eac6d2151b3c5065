"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/adapters/json_adapter.py (lines 68-93, 233-260), trimmed; not the original text."""

import pydantic

from dspy.adapters.chat_adapter import ChatAdapter


def _get_structured_outputs_response_format(signature) -> type[pydantic.BaseModel]:
    fields = {name: (field.annotation, ...) for name, field in signature.output_fields.items()}
    return pydantic.create_model("DSPyProgramOutputs", **fields)


class JSONAdapter(ChatAdapter):
    def __call__(self, lm, lm_kwargs, signature, demos, inputs):
        structured_output_model = _get_structured_outputs_response_format(signature)
        lm_kwargs["response_format"] = structured_output_model
        return super().__call__(lm, lm_kwargs, signature, demos, inputs)
