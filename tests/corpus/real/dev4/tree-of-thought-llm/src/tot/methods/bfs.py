"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/methods/bfs.py (lines 6-88), trimmed; not the original text."""

import itertools

import numpy as np

from tot.models import gpt


def get_value(task, x, y, n_evaluate_sample, cache_value=True):
    value_prompt = task.value_prompt_wrap(x, y)
    if cache_value and value_prompt in task.value_cache:
        return task.value_cache[value_prompt]
    value = task.value_outputs_unwrap(x, y, gpt(value_prompt, n=n_evaluate_sample, stop=None))
    if cache_value:
        task.value_cache[value_prompt] = value
    return value


def get_proposals(task, x, y):
    propose_prompt = task.propose_prompt_wrap(x, y)
    return [y + p + '\n' for p in gpt(propose_prompt, n=1, stop=None)[0].split('\n')]


def solve(args, task, idx):
    x = task.get_input(idx)
    ys = ['']
    for step in range(task.steps):
        new_ys = list(itertools.chain(*[get_proposals(task, x, y) for y in ys]))
        ids = list(range(len(new_ys)))
        values = [get_value(task, x, y, args.n_evaluate_sample) for y in new_ys]
        if args.method_select == 'sample':
            ps = np.array(values) / sum(values)
            # which candidates to expand; each candidate only ever goes at the end of the next prompts
            select_ids = np.random.choice(ids, size=args.n_select_sample, p=ps).tolist()
        else:
            select_ids = sorted(ids, key=lambda i: values[i], reverse=True)[:args.n_select_sample]
        ys = [new_ys[i] for i in select_ids]
    return ys
