"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/customer_service_streaming/src/swarm/engines/local_engine.py
(lines 14-140), trimmed; not the original text.
"""

import json
import os

from configs.prompts import TRIAGE_MESSAGE_PROMPT, TRIAGE_SYSTEM_PROMPT
from src.swarm.tool import Tool
from src.utils import get_completion


class LocalEngine:
    def __init__(self, client, tasks, persist=False):
        self.client = client
        self.assistants = []
        self.tasks = tasks
        self.tool_functions = []

    def load_tools(self):
        tools_path = "configs/tools"
        self.tool_functions = []
        # the tools' order is the directory listing's; it becomes the order of the tools in the
        # planner prompt (Run.generate_plan)
        for tool_dir in os.listdir(tools_path):  # expect: PL201
            dir_path = os.path.join(tools_path, tool_dir)
            if os.path.isdir(dir_path):
                for tool_name in os.listdir(dir_path):
                    if tool_name.endswith(".json"):
                        with open(os.path.join(dir_path, tool_name)) as file:
                            tool_def = json.load(file)
                            self.tool_functions.append(Tool(type=tool_def["type"], function=tool_def["function"]))

    def determine_appropriate_assistant(self, assistant, message):
        triage_message = [{"role": "system", "content": TRIAGE_SYSTEM_PROMPT}]
        candidates = [(asst.name, asst.tools) for asst in [assistant] + [a for a in self.assistants if a.name in assistant.sub_assistants]]
        # the request's message opens the user prompt, ahead of the candidates and the fixed ending
        triage_message.append({"role": "user", "content": TRIAGE_MESSAGE_PROMPT.format(message, candidates)})  # expect: PL104
        response = get_completion(self.client, triage_message)
        return response.content
