"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/agents/curriculum.py (lines 134-238, 278-295, 369-382, 436-498), trimmed; not the original text.

Every curriculum request is a static system prompt (a text file) followed by the observation as
the last user turn (in decompose_task, the observation and the final task are two consecutive
user messages, one user turn): the random inclusion of observation parts and the set order of
"other blocks" only change the final user turn.
"""

import random

from langchain.chat_models import ChatOpenAI
from langchain.schema import HumanMessage, SystemMessage

from voyager.prompts import load_prompt
from voyager.utils.json_utils import fix_and_parse_json


class CurriculumAgent:
    curriculum_observations = ["context", "biome", "time", "other_blocks", "inventory"]

    def __init__(self, model_name="gpt-3.5-turbo", qa_model_name="gpt-3.5-turbo"):
        self.llm = ChatOpenAI(model_name=model_name, temperature=0)
        self.qa_llm = ChatOpenAI(model_name=qa_model_name, temperature=0)
        self.completed_tasks = []
        self.warm_up = {"context": 15, "biome": 10, "time": 15, "other_blocks": 10, "inventory": 0}

    @property
    def progress(self):
        return len(self.completed_tasks)

    def render_system_message(self):
        return SystemMessage(content=load_prompt("curriculum"))

    def render_observation(self, *, events, chest_observation):
        event = events[-1][1]
        voxels = event["voxels"]
        inventory = event["inventory"]
        other_blocks = ", ".join(
            list(set(event["blockRecords"]).difference(set(voxels).union(set(inventory.keys()))))
        )
        return {
            "context": "",
            "biome": f"Biome: {event['status']['biome']}\n\n",
            "time": f"Time: {event['status']['timeOfDay']}\n\n",
            "other_blocks": f"Other blocks that are recently seen: {other_blocks or 'None'}\n\n",
            "inventory": f"Inventory: {inventory or 'Empty'}\n\n",
            "chests": chest_observation,
        }

    def render_human_message(self, *, events, chest_observation):
        content = ""
        observation = self.render_observation(events=events, chest_observation=chest_observation)
        for key in self.curriculum_observations:
            if self.progress >= self.warm_up[key]:
                if self.warm_up[key] != 0:
                    should_include = random.random() < 0.8
                else:
                    should_include = True
                if should_include:
                    content += observation[key]
        return HumanMessage(content=content)

    def propose_next_task(self, *, events, chest_observation, max_retries=5):
        messages = [
            self.render_system_message(),
            self.render_human_message(events=events, chest_observation=chest_observation),
        ]
        curriculum = self.llm(messages).content
        for line in curriculum.split("\n"):
            if line.startswith("Task:"):
                return line[5:].strip()
        return ""

    def decompose_task(self, task, events):
        messages = [
            SystemMessage(content=load_prompt("curriculum_task_decomposition")),
            self.render_human_message(events=events, chest_observation=""),
            HumanMessage(content=f"Final task: {task}"),
        ]
        return fix_and_parse_json(self.llm(messages).content)

    def run_qa_step1_ask_questions(self, *, events, chest_observation):
        observation = self.render_observation(events=events, chest_observation=chest_observation)
        messages = [
            SystemMessage(content=load_prompt("curriculum_qa_step1_ask_questions")),
            HumanMessage(content="".join(observation[key] for key in self.curriculum_observations)),
        ]
        return self.qa_llm(messages).content

    def run_qa_step2_answer_questions(self, question):
        messages = [
            SystemMessage(content=load_prompt("curriculum_qa_step2_answer_questions")),
            HumanMessage(content=f"Question: {question}"),
        ]
        return self.qa_llm(messages).content
