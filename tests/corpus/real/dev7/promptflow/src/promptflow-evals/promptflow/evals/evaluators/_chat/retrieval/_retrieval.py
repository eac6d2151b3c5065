"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-evals/promptflow/evals/evaluators/_chat/retrieval/_retrieval.py (lines 50-95) and retrieval.prompty (lines 27-49), trimmed; not the original text."""

import json


class _AsyncRetrievalChatEvaluator:
    def __init__(self, flow):
        # the prompty: fixed scoring instructions as the system message, then the query, the
        # history so far and the documents of this turn
        self._flow = flow

    async def __call__(self, *, conversation, **kwargs):
        questions, answers, contexts = [], [], []
        for each_turn in conversation:
            if each_turn["role"] == "user":
                questions.append(each_turn["content"])
            elif each_turn["role"] == "assistant":
                answers.append(each_turn["content"])
                if "context" in each_turn and "citations" in each_turn["context"]:
                    contexts.append(json.dumps(each_turn["context"]["citations"]))
        history = []
        scores = []
        for turn_num, question in enumerate(questions):
            answer = answers[turn_num] if turn_num < len(answers) else ""
            context = contexts[turn_num] if turn_num < len(contexts) else ""
            history.append({"user": question, "assistant": answer})
            llm_output = await self._flow(query=question, history=history, documents=context, timeout=600)
            scores.append(llm_output)
        return scores
