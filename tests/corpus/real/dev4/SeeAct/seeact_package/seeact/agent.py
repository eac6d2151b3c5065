"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:seeact_package/seeact/agent.py (lines 36-170, 424-466, 585-680), trimmed; not the original text."""

import os
from datetime import datetime

from .data_utils.format_prompt_utils import generate_new_query_prompt, generate_new_referring_prompt
from .demo_utils.browser_helper import get_interactive_elements_with_playwright
from .demo_utils.format_prompt import format_choices


class SeeActAgent:
    def __init__(self, config, engine):
        self.config = config
        self.engine = engine
        # a results folder per run; the name never enters a prompt
        self.main_path = os.path.join(self.config["basic"]["save_file_dir"], datetime.now().strftime("%Y%m%d_%H%M%S"))
        self.tasks = [config["basic"]["default_task"]]
        self.taken_actions = []
        self.time_step = 0
        self.prompts = self._initialize_prompts()

    def _initialize_prompts(self):
        return {
            "system_prompt": "You help humans with web navigation tasks, one step at a time.",
            "action_space": "Allowed actions: CLICK, HOVER, PRESS ENTER, SCROLL UP, SCROLL DOWN, TYPE, SELECT, GOTO, TERMINATE.",
            "question_description": "The screenshot shows the page. Think step by step, then name the next action. Rules: ...",
            "referring_description": "(Multichoice Question) Pick the element below.",
            "element_format": "ELEMENT: the uppercase letter of your choice.",
            "action_format": "ACTION: one of the allowed actions.",
            "value_format": "VALUE: the input for the action, or None.",
        }

    def generate_prompt(self, task=None, previous=None, choices=None):
        prompt_list = []
        previous_ = self.taken_actions if self.taken_actions else None
        prompt_list.extend(
            generate_new_query_prompt(system_prompt=self.prompts["system_prompt"] + "\n" + self.prompts["action_space"],
                                      task=self.tasks[-1], previous_actions=previous_,
                                      question_description=self.prompts["question_description"]))
        prompt_list.append(
            generate_new_referring_prompt(referring_description=self.prompts["referring_description"],
                                          element_format=self.prompts["element_format"],
                                          action_format=self.prompts["action_format"],
                                          value_format=self.prompts["value_format"], choices=choices))
        return prompt_list

    async def predict(self):
        self.time_step += 1
        elements = await get_interactive_elements_with_playwright(self.page, self.config["browser"]["viewport"])
        # page order, top to bottom then left to right: the same page gives the same choices
        elements = sorted(elements, key=lambda el: (el["center_point"][1], el["center_point"][0]))
        choices = format_choices(elements)
        prompt = self.generate_prompt(task=self.tasks[-1], previous=self.taken_actions, choices=choices)
        output0 = self.engine.generate(prompt=prompt, image_path=self.screenshot_path, turn_number=0)
        return self.engine.generate(prompt=prompt, image_path=self.screenshot_path, turn_number=1, ouput_0=output0)
