"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/core/system_prompt/default.py (lines 18-157), trimmed; not the original text."""

from datetime import datetime
from typing import List, Optional


class DefaultSystemPromptBuilder:
    def __init__(self, base_prompt: Optional[str] = None):
        self.base_prompt = base_prompt

    async def build_system_prompt(self, user, tools: List) -> Optional[str]:
        if self.base_prompt is not None:
            return self.base_prompt
        tool_names = [tool.name for tool in tools]
        has_search = "search_saved_correct_tool_uses" in tool_names
        has_text_memory = "save_text_memory" in tool_names

        today_date = datetime.now().strftime("%Y-%m-%d")  # expect: PL101

        prompt_parts = [
            f"You are Vanna, a data analyst assistant. Today's date is {today_date}.",
            "",
            "Response Guidelines:",
            "- Summarise what you did as the last step.",
            "- Use the tools you are given.",
        ]
        if tools:
            prompt_parts.append(f"\nYou have access to the following tools: {', '.join(tool_names)}")
        if has_search:
            prompt_parts.extend(
                [
                    "",
                    "MEMORY SYSTEM:",
                    "- Before any tool, call search_saved_correct_tool_uses with the question.",
                    "- After a tool succeeds, save the pattern with save_question_tool_args.",
                    "(... several hundred tokens of fixed workflow instructions ...)",
                ]
            )
        if has_text_memory:
            prompt_parts.extend(["", "TEXT MEMORY:", "- save_text_memory keeps domain knowledge."])
        prompt_parts = [part for part in prompt_parts if part != ""]
        return "\n".join(prompt_parts)
