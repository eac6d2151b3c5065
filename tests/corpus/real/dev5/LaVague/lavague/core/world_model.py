"""Reconstruction of lavague-ai/LaVague@9024bb832c40291cd012916757f27ef60469b22d:lavague-core/lavague/core/world_model.py (lines 294-450), trimmed; not the original text."""

from functools import lru_cache
from typing import Any

import yaml
from llama_index.core import PromptTemplate, SimpleDirectoryReader

WORLD_MODEL_GENERAL_EXAMPLES = """
Objective: Ask the AI model 'Command R plus' 'What is love'
Thoughts:
- The current screenshot shows the Hugging Face chat page.
Next engine: Navigation Engine
Instruction: Click on the 'Command R plus' model
"""

WORLD_MODEL_PROMPT_TEMPLATE = PromptTemplate(
    """
You are an AI system specialized in high level reasoning. Your goal is to generate instructions for other specialized AIs to perform web actions.
Here are the engines at your disposal: Python Engine, Navigation Engine, Navigation Controls.

Here are previous examples:
{examples}

Here is the next objective:
Objective: {objective}
Previous instructions:
{previous_instructions}
Last engine: {last_engine}
Current state:
{current_state}
{tab_info}

Thought:
"""
)


class WorldModel:
    def __init__(self, mm_llm: Any, prompt_template: PromptTemplate = WORLD_MODEL_PROMPT_TEMPLATE, examples: str = WORLD_MODEL_GENERAL_EXAMPLES) -> None:
        self.mm_llm = mm_llm
        self.prompt_template = prompt_template.partial_format(examples=examples)

    @lru_cache(maxsize=128)
    def add_knowledge(self, file_path: str) -> None:
        with open(file_path) as file:
            knowledge = file.read()
        self.prompt_template.kwargs["examples"] += knowledge

    def get_instruction(self, objective: str, current_state: dict[str, Any], past: dict[str, str], observations: dict[str, Any]) -> str:
        current_state_str = yaml.dump(current_state, default_flow_style=False)
        image_documents = SimpleDirectoryReader(observations["screenshots_path"]).load_data()
        prompt = self.prompt_template.format(
            objective=objective,
            previous_instructions=past["previous_instructions"],
            last_engine=past["last_engine"],
            current_state=current_state_str,
            tab_info=observations["tab_info"],
        )
        return self.mm_llm.complete(prompt, image_documents=image_documents).text
