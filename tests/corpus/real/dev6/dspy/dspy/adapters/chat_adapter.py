"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/adapters/chat_adapter.py (lines 113-171), trimmed; not the original text. format_system_message stands for base.py 444-455."""

from dspy.adapters.base import Adapter
from dspy.adapters.utils import format_field_value, get_field_description_string


class ChatAdapter(Adapter):
    def format_user_message_content(self, signature, inputs, prefix: str = "", suffix: str = "", main_request: bool = False) -> str:
        messages = [prefix]
        for k, v in signature.input_fields.items():
            if k in inputs:
                messages.append(f"[[ ## {k} ## ]]\n{format_field_value(field_info=v, value=inputs.get(k))}")
        if main_request:
            output_requirements = self.user_message_output_requirements(signature)
            if output_requirements is not None:
                messages.append(output_requirements)
        messages.append(suffix)
        return "\n\n".join(messages).strip()

    def format_system_message(self, signature) -> str:
        # every input and output field of the signature is listed, ahead of the fixed task description
        return (
            f"Your input fields are:\n{get_field_description_string(signature.input_fields)}\n"
            f"Your output fields are:\n{get_field_description_string(signature.output_fields)}\n"
            f"In adhering to this structure, your objective is: {signature.instructions}"
        )
