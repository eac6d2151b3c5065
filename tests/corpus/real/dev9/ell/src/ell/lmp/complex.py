"""Reconstruction of MadcowD/ell@9d129846203e75efeb4e5cddd3fb1c164dc0b243:src/ell/lmp/complex.py (lines 96-110), trimmed; not the original text."""
# The LMP's docstring is its system prompt: fixed text.
from typing import Union

from ell.types.message import ContentBlock, Message


def _get_messages(prompt_ret: Union[str, list], prompt) -> list:
    if isinstance(prompt_ret, str):
        has_system_prompt = prompt.__doc__ is not None and prompt.__doc__.strip() != ""
        messages = [Message(role="system", content=[ContentBlock(text=prompt.__doc__)])] if has_system_prompt else []
        return messages + [Message(role="user", content=[ContentBlock(text=prompt_ret)])]
    assert isinstance(prompt_ret, list), "Need to pass a list of Messages to the language model"
    return prompt_ret
