"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:ufo/prompter/basic.py (lines 16-170), trimmed; not the original text."""

import os
from abc import ABC
from typing import Dict, List

import yaml


class BasicPrompter(ABC):
    def __init__(self, is_visual: bool, prompt_template: str, example_prompt_template: str):
        self.is_visual = is_visual
        self.prompt_template = (
            self.load_prompt_template(prompt_template, is_visual) if prompt_template else ""
        )
        self.example_prompt_template = (
            self.load_prompt_template(example_prompt_template, is_visual)
            if example_prompt_template
            else ""
        )

    @staticmethod
    def load_prompt_template(template_path: str, is_visual=None) -> Dict[str, str]:
        path = template_path.format(mode="visual" if is_visual else "nonvisual")
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        with open(path, "r", encoding="utf-8") as f:
            return yaml.safe_load(f)

    @staticmethod
    def prompt_construction(system_prompt: str, user_content: List[Dict[str, str]]) -> List:
        # every step is a fresh two-message request: no history is carried
        system_message = {"role": "system", "content": system_prompt}
        user_message = {"role": "user", "content": user_content}
        prompt_message = [system_message, user_message]
        return prompt_message

    @staticmethod
    def retrieved_documents_prompt_helper(header: str, separator: str, documents: List[str]) -> str:
        prompt = "\n<{header}:>\n".format(header=header) if header else ""
        for i, document in enumerate(documents):
            if separator:
                prompt += "[{separator} {i}:]".format(separator=separator, i=i + 1)
                prompt += "\n"
            prompt += document
            prompt += "\n\n"
        return prompt

    @staticmethod
    def tool_to_llm_prompt(tool_info, generate_example: bool = True) -> str:
        name = tool_info.tool_name
        desc = (tool_info.description or "").strip()
        in_props = (tool_info.input_schema or {}).get("properties", {})
        params = "\n".join(
            f"- {k} ({v.get('type', 'unknown')}): {v.get('description', '')}"
            for k, v in in_props.items()
        )
        output_desc = (tool_info.output_schema or {}).get("description", "")
        formated_string = f"Tool name: {name}\nDescription: {desc}\n\nParameters:\n{params}\n\nReturns: {output_desc}\n"
        if generate_example:
            example_args = ", ".join(f"{k}={v.get('default', '')!r}" for k, v in in_props.items())
            formated_string += f"\nExample usage:\n{name}({example_args})\n"
        return formated_string

    @staticmethod
    def tools_to_llm_prompt(tools: List, generate_example: bool = True) -> str:
        return "\n\n---\n\n".join(
            BasicPrompter.tool_to_llm_prompt(tool, generate_example=generate_example)
            for tool in tools
        )
