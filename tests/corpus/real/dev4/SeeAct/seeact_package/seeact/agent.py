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
            # the long fixed guidance (about 1,900 characters in the original), paraphrased
            "question_description": (
                "The screenshot shows the page you see. Think step by step before you name the next action.\n"
                "(Current page) First, say which page this is.\n"
                "(Previous actions) Then go through each previous action and what it was meant to do, paying "
                "attention to the last one: did it do what was intended, and what is still missing?\n"
                "(Page details) Look closely at every part of the page: what can be operated, what has been set "
                "or filled in already, and what the task still needs.\n"
                "(Next action) Based on that, and on how people usually browse and how pages are laid out, "
                "decide the one next action and describe the element, where it is and what to do with it.\n"
                "Rules: issue only an action that is valid for what you see; issue one action at a time; for a "
                "drop-down, name the option roughly, the full list comes later; do not repeat an action that "
                "did not change the page; stop with TERMINATE when the task is done or cannot be done; never "
                "type into a field that is not shown; prefer the element nearest the top of the page when two "
                "match; do not guess at values the task does not give."
            ),
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
