"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-evals/promptflow/evals/evaluators/_chat/_chat.py (lines 77-172), trimmed; not the original text.

The chat evaluator scores each turn of a finished conversation, one one-shot evaluator call per
turn; eval_last_turn only picks which turns are scored.
"""

import json


class ChatEvaluator:
    def __init__(self, evaluators: list, eval_last_turn: bool = False):
        self._evaluators = evaluators
        self._eval_last_turn = eval_last_turn

    def __call__(self, *, conversation, **kwargs):
        if self._eval_last_turn:
            conversation_slice = conversation[-2:] if len(conversation) >= 2 else conversation
        else:
            conversation_slice = conversation
        questions, answers, contexts = [], [], []
        for each_turn in conversation_slice:
            if each_turn["role"] == "user":
                questions.append(each_turn["content"])
            else:
                answers.append(each_turn["content"])
                if "context" in each_turn and "citations" in each_turn["context"]:
                    contexts.append(json.dumps(each_turn["context"]["citations"]))
        per_turn_results = []
        for turn_num in range(len(questions)):
            result = {}
            for evaluator in self._evaluators:
                result.update(evaluator(question=questions[turn_num], answer=answers[turn_num], context=contexts[turn_num] if contexts else ""))
            per_turn_results.append(result)
        return per_turn_results
