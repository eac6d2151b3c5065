"""Reconstruction of AntonOsika/gpt-engineer@bdd2cb040f9e8d4b5acd29b047c11ca3cefea974:gpt_engineer/steps.py
(lines 17-267), trimmed; not the original text.

Each step is a short conversation: the fixed system prompt (preprompt files), the project's
prompt and earlier results, then a fixed instruction.
"""

import json
from typing import List

from gpt_engineer.ai import AI
from gpt_engineer.db import DBs


def setup_sys_prompt(dbs: DBs) -> str:
    # clean: two preprompt files, static text
    return dbs.preprompts["generate"] + "\nUseful to know:\n" + dbs.preprompts["philosophy"]


def get_prompt(dbs: DBs) -> str:
    return dbs.input["prompt"]


def simple_gen(ai: AI, dbs: DBs) -> List[dict]:
    return ai.start(setup_sys_prompt(dbs), get_prompt(dbs), step_name="simple_gen")


def clarify(ai: AI, dbs: DBs) -> List[dict]:
    messages = [ai.fsystem(dbs.preprompts["qa"])]
    user_input = get_prompt(dbs)
    while True:
        messages = ai.next(messages, user_input, step_name="clarify")
        if messages[-1]["content"].strip() == "Nothing more to clarify.":
            break
        user_input = input('(answer in text, or "c" to move on)\n')
        if not user_input or user_input == "c":
            return ai.next(messages, "Make your own assumptions and state them explicitly before starting", step_name="clarify")
        # clean: the fixed follow-up is part of this user message and kept as sent
        user_input += (
            "\n\n"
            "Is anything else unclear? If yes, only answer in the form:\n"
            "{remaining unclear areas} remaining questions.\n"
            "{Next question}\n"
            'If everything is sufficiently clear, only answer "Nothing more to clarify.".'
        )
    return messages


def gen_clarified_code(ai: AI, dbs: DBs) -> List[dict]:
    # clean (doubtful): a new step's request: the clarify conversation (round-tripped through a
    # JSON log, which keeps key order) under another system prompt, sent once
    messages = json.loads(dbs.logs["clarify"])
    messages = [ai.fsystem(setup_sys_prompt(dbs))] + messages[1:]
    return ai.next(messages, dbs.preprompts["use_qa"], step_name="gen_clarified_code")


def gen_spec(ai: AI, dbs: DBs) -> List[dict]:
    messages = [ai.fsystem(setup_sys_prompt(dbs)), ai.fsystem(f"Instructions: {dbs.input['prompt']}")]
    messages = ai.next(messages, dbs.preprompts["spec"], step_name="gen_spec")
    dbs.memory["specification"] = messages[-1]["content"]
    return messages


def gen_code(ai: AI, dbs: DBs) -> List[dict]:
    # clean: fixed system prompt first, then this project's prompt, spec and tests
    messages = [
        ai.fsystem(setup_sys_prompt(dbs)),
        ai.fuser(f"Instructions: {dbs.input['prompt']}"),
        ai.fuser(f"Specification:\n\n{dbs.memory['specification']}"),
        ai.fuser(f"Unit tests:\n\n{dbs.memory['unit_tests']}"),
    ]
    return ai.next(messages, dbs.preprompts["use_qa"], step_name="gen_code")


def gen_entrypoint(ai: AI, dbs: DBs) -> List[dict]:
    # clean: constant system prompt, the generated code in the user message
    return ai.start(
        system=(
            "You get information about a codebase in the current folder.\n"
            "Answer with code blocks holding the unix commands to a) install dependencies "
            "b) run all necessary parts of the codebase.\n"
            "Do not install globally or use sudo. Do not explain; no placeholders.\n"
        ),
        user="Information about the codebase:\n\n" + dbs.workspace["all_output.txt"],
        step_name="gen_entrypoint",
    )


def fix_code(ai: AI, dbs: DBs):
    code_output = json.loads(dbs.logs["gen_code"])[-1]["content"]
    messages = [
        ai.fsystem(setup_sys_prompt(dbs)),
        ai.fuser(f"Instructions: {dbs.input['prompt']}"),
        ai.fuser(code_output),
        ai.fsystem(dbs.preprompts["fix_code"]),
    ]
    return ai.next(messages, "Please fix any errors in the code above.", step_name="fix_code")
STEPS = {}
