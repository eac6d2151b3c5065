"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/Prompts.py (lines 162-200), with the placeholder order of agixt/prompts/Default/Think About It.txt (lines 1-10), trimmed; not the original text.

The original reads the template from the prompts table (seeded from prompts/Default/*.txt); the
placeholders are in the original order, the text around them is a short paraphrase of the
~2,500-token fixed "## System" part that follows the user's input.
"""

import re

THINK_ABOUT_IT = """## Available Context
 {context}

{COMMANDS}

Today's date is {date} .

Users latest input: {user_input}

## System
The assistant's name is {agent_name}. It thinks from first principles, works in <thinking>,
<step>, <reflection> and <reward> tags, executes commands only before <answer>, and closes its
answer with </answer>. (About 2,500 tokens of fixed guidelines follow in the original.)
"""


class Prompts:
    def get_prompt(self, prompt_name: str, prompt_category: str = "Default") -> str:
        return THINK_ABOUT_IT

    def get_prompt_args(self, prompt_text: str) -> list[str]:
        return re.findall(r"\{(\w+)\}", prompt_text)
