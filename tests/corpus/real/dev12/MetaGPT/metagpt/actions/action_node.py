"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/actions/action_node.py (lines 43-73, 351-420, 468-480), trimmed; not the original text."""

import json
from typing import Dict

TAG = "CONTENT"
LANGUAGE_CONSTRAINT = "Language: Please use the same language as Human INPUT."
FORMAT_CONSTRAINT = f"Format: output wrapped inside [{TAG}][/{TAG}] like format example, nothing else."

SIMPLE_TEMPLATE = """
## context
{context}

-----

## format example
{example}

## nodes: "<node>: <type>  # <instruction>"
{instruction}

## constraint
{constraint}

## action
Follow instructions of nodes, generate output and make sure it follows the format example.
"""


class ActionNode:
    def compile_to(self, i: Dict, schema, kv_sep) -> str:
        if schema == "json":
            return json.dumps(i, indent=4, ensure_ascii=False)
        return str(i)

    def compile_instruction(self, schema="markdown", mode="children", tag="", exclude=None) -> str:
        nodes = self.to_dict(format_func=lambda i: f"{i.expected_type}  # {i.instruction}", mode=mode, exclude=exclude)
        return self.compile_to(nodes, schema, ": ")

    def compile_example(self, schema="json", mode="children", tag="", exclude=None) -> str:
        nodes = self.to_dict(format_func=lambda i: i.example, mode=mode, exclude=exclude)
        text = self.compile_to(nodes, schema, "\n")
        return f"[{tag}]\n{text}\n[/{tag}]" if tag else text

    def compile(self, context, schema="json", mode="children", template=SIMPLE_TEMPLATE, exclude=[]) -> str:
        if schema == "raw":
            return f"{context}\n\n## Actions\n{LANGUAGE_CONSTRAINT}\n{self.instruction}"
        instruction = self.compile_instruction(schema="markdown", mode=mode, exclude=exclude)
        example = self.compile_example(schema=schema, tag=TAG, mode=mode, exclude=exclude)
        constraint = "\n".join([LANGUAGE_CONSTRAINT, FORMAT_CONSTRAINT])
        prompt = template.format(
            context=context,  # expect: PL104
            example=example,
            instruction=instruction,
            constraint=constraint,
        )
        return prompt

    async def simple_fill(self, schema, mode, images=None, timeout=None, exclude=None):
        prompt = self.compile(context=self.context, schema=schema, mode=mode, exclude=exclude)
        content, scontent = await self._aask_v1(prompt, f"{self.key}_AN", self.get_mapping(mode), images=images, schema=schema)
        return self
