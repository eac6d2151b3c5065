"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/customer_service_streaming/src/runs/run.py
(lines 1-30), trimmed; not the original text.
"""

from configs.prompts import LOCAL_PLANNER_PROMPT
from src.utils import get_completion


class Run:
    def __init__(self, assistant, request, client):
        self.assistant = assistant
        self.request = request
        self.client = client

    def generate_plan(self, task=None):
        if not task:
            task = self.request
        # the long fixed planner text first, then the tools, the task last
        completion = get_completion(self.client, [{"role": "user", "content": LOCAL_PLANNER_PROMPT.format(tools=self.assistant.tools, task=task)}])
        return completion.content
