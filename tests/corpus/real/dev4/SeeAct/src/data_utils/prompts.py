"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:src/data_utils/prompts.py (lines 27-84, 225-300), trimmed; not the original text."""

from .format_prompt_utils import generate_new_query_prompt

# the fixed guidance of each experiment (about 1,600-2,100 characters in the original), paraphrased
question_description_new_exp4 = """The screenshot below shows the page you see. Think step by step before you name the next action.

(Current page)
First, say which page this is.

(Previous actions)
Then go through each previous action and what it was meant to do, paying attention to the last one: did it do
what was intended, and what is still missing before the task is complete?

(Page details)
Look closely at every part of the page: what can be operated, what has been set or filled in already, and what
the task still needs from this page.

(Next action)
Based on that, and on how people usually browse and how pages are laid out, decide the one next action and
describe the element, where it is on the page and what to do with it.

Rules:
1. Issue only an action that is valid for what you see.
2. Issue one action at a time.
3. For a drop-down, name the option roughly: the full list of options comes later.
4. Do not repeat an action that did not change the page.
"""

question_description_new_exp3 = question_description_new_exp4 + """5. Name the element by its visible text and its attributes.
"""

exp4_prompt_dict = {
    "system_prompt": "You imitate a person browsing the web to complete a task, one step at a time.",
    "question_description": question_description_new_exp4,
}

exp3_prompt_dict = {
    "system_prompt": "You imitate a person browsing the web to complete a task, one step at a time.",
    "question_description": question_description_new_exp3,
}


def generate_prompt(experiment_split, task=None, previous=None, choices=None):
    prompt_list = []
    if experiment_split in ["text", "text_choice", "4api"]:
        # clean: the query prompt is judged where it is built (format_prompt_utils.py)
        prompt_list.extend(
            generate_new_query_prompt(system_prompt=exp4_prompt_dict["system_prompt"], task=task,
                                      previous_actions=previous,
                                      question_description=exp4_prompt_dict["question_description"]))
        return prompt_list
    elif experiment_split in ["element_attributes", "3api"]:
        prompt_list.extend(
            generate_new_query_prompt(system_prompt=exp3_prompt_dict["system_prompt"], task=task,
                                      previous_actions=previous,
                                      question_description=exp3_prompt_dict["question_description"]))
        return prompt_list
