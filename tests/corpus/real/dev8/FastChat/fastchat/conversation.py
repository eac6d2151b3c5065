"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/conversation.py (lines 47-120, 300-320, 340-440, 1084-1100), trimmed; not the original text.

A conversation template: the system message, the roles and the (role, message) pairs, rendered
either as one prompt string for local models or as OpenAI-style messages for API models.
"""

import dataclasses
from enum import IntEnum, auto
from typing import List, Tuple, Union


class SeparatorStyle(IntEnum):
    ADD_COLON_SINGLE = auto()
    CLLM = auto()
    DEFAULT = auto()


@dataclasses.dataclass
class Conversation:
    name: str
    system_template: str = "{system_message}"
    system_message: str = ""
    roles: Tuple[str] = ("USER", "ASSISTANT")
    messages: List[List[str]] = ()
    # The number of few-shot example messages at the head of messages.
    offset: int = 0
    sep_style: SeparatorStyle = SeparatorStyle.ADD_COLON_SINGLE
    sep: str = "\n"
    sep2: str = None
    stop_str: Union[str, List[str]] = None

    def get_prompt(self) -> str:
        system_prompt = self.system_template.format(system_message=self.system_message)
        if self.sep_style == SeparatorStyle.ADD_COLON_SINGLE:
            ret = system_prompt + self.sep
            for role, message in self.messages:
                if message:
                    ret += role + ": " + message + self.sep
                else:
                    ret += role + ":"
            return ret
        elif self.sep_style == SeparatorStyle.CLLM:
            seps = [self.sep, self.sep2]
            ret = system_prompt + seps[0]
            # Only the newest user message and the empty assistant slot.
            for i, (role, message) in enumerate(self.messages[-2:]):
                if message:
                    ret += role + ": " + message + seps[i % 2]
                else:
                    ret += role + ":"
            return ret
        elif self.sep_style == SeparatorStyle.DEFAULT:
            ret = system_prompt + "\n"
            for role, message in self.messages:
                ret += role + ": " + message + "\n" if message else role + ":"
            return ret
        raise ValueError(f"Invalid style: {self.sep_style}")

    def set_system_message(self, system_message: str):
        self.system_message = system_message

    def get_system_message(self, is_vision=False):
        return self.system_message

    def append_message(self, role: str, message: str):
        self.messages.append([role, message])

    def update_last_message(self, message: str):
        self.messages[-1][1] = message

    def to_openai_api_messages(self):
        if self.system_message == "":
            ret = []
        else:
            ret = [{"role": "system", "content": self.system_message}]
        for i, (_, msg) in enumerate(self.messages[self.offset :]):
            if i % 2 == 0:
                ret.append({"role": "user", "content": msg})
            elif msg is not None:
                ret.append({"role": "assistant", "content": msg})
        return ret


conv_templates = {}


def register_conv_template(template: Conversation):
    conv_templates[template.name] = template


def get_conv_template(name: str) -> Conversation:
    return dataclasses.replace(conv_templates[name], messages=[])


register_conv_template(
    Conversation(
        name="gpt-mini",
        system_message=(
            "You are ChatGPT, a large language model trained by OpenAI.\n"
            "Current date: {{currentDateTime}}\n\n"
            "Image input capabilities: Enabled"
        ),
        roles=("user", "assistant"),
        sep_style=SeparatorStyle.DEFAULT,
        sep=None,
    )
)
