"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/messages.py (lines 1752-1787), trimmed; not the original text."""

from dataclasses import dataclass


@dataclass
class InstructionPart:
    content: str
    dynamic: bool = False

    @staticmethod
    def join(parts: list["InstructionPart"]) -> str | None:
        return "\n\n".join(p.content for p in parts) or None

    @staticmethod
    def sorted(parts: list["InstructionPart"]) -> list["InstructionPart"]:
        return sorted(parts, key=lambda p: p.dynamic)
