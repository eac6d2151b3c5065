"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-tools/promptflow/tools/common.py (lines 639-657, 684-818), trimmed; not the original text.

Roles written inside user inputs are swapped for uuids before the template is rendered and
parsed into messages, and swapped back afterwards, so that an input cannot open a new message.
"""

import re
import uuid

from jinja2.sandbox import SandboxedEnvironment

VALID_ROLES = ["system", "user", "assistant", "function", "tool"]


def render_jinja_template(template_content, trim_blocks=True, keep_trailing_newline=True, **kwargs):
    sandbox_env = SandboxedEnvironment(trim_blocks=trim_blocks, keep_trailing_newline=keep_trailing_newline)
    return sandbox_env.from_string(template_content).render(**kwargs)


def parse_chat(chat_str: str) -> list:
    separator = r"(?i)^\s*#?\s*(" + "|".join(VALID_ROLES) + r")\s*:\s*\n"
    chunks = re.split(separator, chat_str, flags=re.MULTILINE)
    chat_list: list = []
    for chunk in chunks:
        if chunk.strip().lower() in VALID_ROLES:
            chat_list.append({"role": chunk.strip().lower()})
        elif chunk.strip() and chat_list:
            chat_list[-1]["content"] = chunk.strip()
    return chat_list


class Escaper:
    @staticmethod
    def build_flow_input_escape_dict(val, escape_dict: dict) -> dict:
        if isinstance(val, str):
            pattern = r"(?i)^\s*#?\s*(" + "|".join(VALID_ROLES) + r")\s*:\s*\n"
            for role in re.findall(pattern, val, flags=re.MULTILINE):
                if role not in escape_dict.values():
                    escape_dict[str(uuid.uuid4())] = role
        return escape_dict

    @staticmethod
    def escape(val: str, escape_dict: dict) -> str:
        for encoded_role, role in escape_dict.items():
            val = val.replace(role, encoded_role)
        return val

    @staticmethod
    def unescape_roles(val, escape_dict: dict):
        if isinstance(val, str):
            for encoded_role, role in escape_dict.items():
                val = val.replace(encoded_role, role)
        return val


def build_messages(prompt: str, _inputs_to_escape: list = [], **kwargs) -> list:
    escape_dict: dict = {}
    for k in _inputs_to_escape:
        escape_dict = Escaper.build_flow_input_escape_dict(kwargs.get(k), escape_dict)
    updated_kwargs = {k: Escaper.escape(v, escape_dict) if k in _inputs_to_escape else v for k, v in kwargs.items()}
    chat_str = render_jinja_template(prompt, trim_blocks=True, keep_trailing_newline=True, **updated_kwargs)
    messages = parse_chat(chat_str)
    if escape_dict:
        for message in messages:
            for key, val in message.items():
                # the uuids never reach the request: every one is turned back into its role
                message[key] = Escaper.unescape_roles(val, escape_dict)
    return messages
