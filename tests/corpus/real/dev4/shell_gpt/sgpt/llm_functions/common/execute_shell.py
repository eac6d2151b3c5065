"""Reconstruction of TheR1D/shell_gpt@a082bd5327ce0c4ef5a0284d9060e833be9444a6:sgpt/llm_functions/common/execute_shell.py (lines 7-42), trimmed; not the original text."""

import subprocess
from typing import Any, Dict

from pydantic import BaseModel, Field


class Function(BaseModel):
    """Runs a shell command and returns its output."""

    shell_command: str = Field(..., description="Shell command to execute.")

    @classmethod
    def execute(cls, shell_command: str) -> str:
        out = subprocess.run(shell_command, shell=True, capture_output=True, text=True)
        return f"Exit code: {out.returncode}, Output:\n{out.stdout}"

    @classmethod
    def openai_schema(cls) -> Dict[str, Any]:
        schema = cls.model_json_schema()
        return {
            "type": "function",
            "function": {
                "name": "execute_shell_command",
                "description": cls.__doc__.strip() if cls.__doc__ else "",
                "parameters": {"type": "object", "properties": schema.get("properties", {}),
                               "required": schema.get("required", [])},
            },
        }
