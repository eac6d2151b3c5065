"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/agents/critic.py (lines 1-138), trimmed; not the original text."""

from langchain.chat_models import ChatOpenAI
from langchain.schema import HumanMessage, SystemMessage

from voyager.prompts import load_prompt
from voyager.utils.json_utils import fix_and_parse_json


class CriticAgent:
    def __init__(self, model_name="gpt-3.5-turbo", temperature=0, request_timout=120, mode="auto"):
        self.llm = ChatOpenAI(
            model_name=model_name, temperature=temperature, request_timeout=request_timout
        )
        self.mode = mode

    def render_system_message(self):
        return SystemMessage(content=load_prompt("critic"))

    def render_human_message(self, *, events, task, context, chest_observation):
        status = events[-1][1]["status"]
        inventory = events[-1][1]["inventory"]
        for event_type, event in events:
            if event_type == "onError":
                return None
        observation = f"Biome: {status['biome']}\n\n"
        observation += f"Time: {status['timeOfDay']}\n\n"
        observation += f"Health: {status['health']:.1f}/20\n\n"
        observation += f"Inventory ({status['inventoryUsed']}/36): {inventory or 'Empty'}\n\n"
        observation += chest_observation
        observation += f"Task: {task}\n\n"
        observation += f"Context: {context or 'None'}\n\n"
        return HumanMessage(content=observation)

    def ai_check_task_success(self, messages, max_retries=5):
        if max_retries == 0 or messages[1] is None:
            return False, ""
        critic = self.llm(messages).content
        try:
            response = fix_and_parse_json(critic)
            return response["success"], response.get("critique", "")
        except Exception:
            return self.ai_check_task_success(messages=messages, max_retries=max_retries - 1)

    def check_task_success(self, *, events, task, context, chest_observation, max_retries=5):
        human_message = self.render_human_message(
            events=events, task=task, context=context, chest_observation=chest_observation
        )
        messages = [
            self.render_system_message(),
            human_message,
        ]
        return self.ai_check_task_success(messages=messages, max_retries=max_retries)
