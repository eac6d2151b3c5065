"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/llm_judge/gen_api_answer.py (lines 30-80), trimmed; not the original text.

Multi-turn MT-bench answers: each turn is appended to the same conversation, and the answer
record (with its id and timestamp) goes to a file, not to a prompt.
"""

import json
import os
import time

import shortuuid

from fastchat.llm_judge.common import chat_completion_openai
from fastchat.model.model_adapter import get_conversation_template


def get_answer(question, model, num_choices, max_tokens, answer_file):
    temperature = 0.7
    choices = []
    for i in range(num_choices):
        conv = get_conversation_template(model)
        turns = []
        for j in range(len(question["turns"])):
            conv.append_message(conv.roles[0], question["turns"][j])
            conv.append_message(conv.roles[1], None)
            output = chat_completion_openai(model, conv, temperature, max_tokens)
            conv.update_last_message(output)
            turns.append(output)
        choices.append({"index": i, "turns": turns})

    ans = {
        "question_id": question["question_id"],
        "answer_id": shortuuid.uuid(),
        "model_id": model,
        "choices": choices,
        "tstamp": time.time(),
    }
    os.makedirs(os.path.dirname(answer_file), exist_ok=True)
    with open(answer_file, "a") as fout:
        fout.write(json.dumps(ans) + "\n")
