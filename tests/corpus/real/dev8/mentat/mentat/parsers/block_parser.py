"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/parsers/block_parser.py (lines 73-74), trimmed; not the original text."""

from pathlib import Path

from mentat.prompts.prompts import read_prompt

block_parser_prompt_filename = Path("block_parser_prompt.txt")


class BlockParser:
    def get_system_prompt(self) -> str:
        return read_prompt(block_parser_prompt_filename)
