"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/memory_manipulator/reflection.py (lines 18-160), trimmed; not the original text."""

import re

from agentverse.memory_manipulator.base import BaseMemoryManipulator

IMPORTANCE_PROMPT = """On a scale of 1 (mundane, e.g. brushing teeth) to 10 (poignant, e.g. a break up), \
rate the following memory. Output one number only. \
Memory: {} \
Rating: """

QUESTION_PROMPT = """Given only the statements above, what are the 3 most salient high-level questions about their subjects?"""


class Reflection(BaseMemoryManipulator):
    memory: object = None
    agent: object = None

    def get_questions(self, texts):
        prompt = "\n".join(texts) + "\n" + QUESTION_PROMPT
        result = self.agent.llm.generate_response(prompt)
        return [q for q in result.content.split("\n") if len(q.strip()) > 0][:3]

    def get_importance(self, content: str):
        prompt = IMPORTANCE_PROMPT.format(content)
        result = self.memory.llm.generate_response(prompt)
        try:
            return int(re.findall(r"\s*(\d+)\s*", result.content)[0])
        except Exception:
            return 0
