"""Reconstruction of SakanaAI/AI-Scientist@9dffdc445c2596ffa871b5588377e9f12558febc:ai_scientist/generate_ideas.py
(lines 14-60, 96-170, 186-232, 360-450), trimmed; not the original text.

Idea generation: each new idea starts a conversation whose first message holds the task, the
code, every idea so far and then the long static instructions; the novelty check converses over
rounds of search results.
"""

import json
import os.path as osp

from ai_scientist.llm import extract_json_between_markers, get_response_from_llm

idea_first_prompt = """{task_description}
<experiment.py>
{code}
</experiment.py>

Here are the ideas that you have already generated:

'''
{prev_ideas_string}
'''

Come up with the next impactful and creative idea for research experiments you can feasibly run with the code.
You will not have any other resources or datasets; the idea should matter beyond this one dataset or model.
(The original's output format, about 1,300 characters in all, paraphrased here to keep its size.)

Respond in this format:

THOUGHT:
<THOUGHT>

NEW IDEA JSON:
```json
<JSON>
```

In <THOUGHT>, first discuss your intuitions and motivations for the idea briefly, then your plan, the design
choices it needs and the outcome you hope for, and say how it differs from the ideas listed above.

In <JSON>, give the new idea with these fields:
- "Name": a short descriptor of the idea, lowercase, no spaces, underscores allowed.
- "Title": a title for the idea, used when the report is written.
- "Experiment": an outline of the implementation: which functions change and how the results are obtained.
- "Interestingness": a rating from 1 to 10 (lowest to highest).
- "Feasibility": a rating from 1 to 10 (lowest to highest).
- "Novelty": a rating from 1 to 10 (lowest to highest).

Be cautious and realistic on your ratings. The JSON is parsed by a program, so keep its format exact.
You will have {num_reflections} rounds to iterate on the idea, but you do not need to use them all.
"""

idea_reflection_prompt = """Round {current_round}/{num_reflections}.
Consider the quality, novelty and feasibility of the idea you just created and refine it.
If there is nothing to improve, repeat the previous JSON and include "I am done"."""

novelty_system_msg = """You are an ambitious AI PhD student checking whether an idea is novel.
You have {num_rounds} rounds of literature search to decide.

{task_description}
<experiment.py>
{code}
</experiment.py>
"""

novelty_prompt = '''Round {current_round}/{num_rounds}.
You have this idea:
"""
{idea}
"""
The results of the last query are (empty on first round):
"""
{last_query_results}
"""
Respond with THOUGHT and a JSON with an optional "Query".'''


def generate_ideas(base_dir, client, model, max_num_generations=20, num_reflections=5):
    idea_str_archive = []
    with open(osp.join(base_dir, "seed_ideas.json")) as f:
        for seed_idea in json.load(f):
            idea_str_archive.append(json.dumps(seed_idea))
    with open(osp.join(base_dir, "experiment.py")) as f:
        code = f.read()
    with open(osp.join(base_dir, "prompt.json")) as f:
        prompt = json.load(f)
    idea_system_prompt = prompt["system"]
    for _ in range(max_num_generations):
        prev_ideas_string = "\n\n".join(idea_str_archive)
        msg_history = []
        text, msg_history = get_response_from_llm(
            idea_first_prompt.format(
                task_description=prompt["task_description"],
                code=code,
                prev_ideas_string=prev_ideas_string,  # expect: PL104
                num_reflections=num_reflections,
            ),
            client=client,
            model=model,
            system_message=idea_system_prompt,
            msg_history=msg_history,
        )
        json_output = extract_json_between_markers(text)
        for j in range(num_reflections - 1):
            # clean: each reflection round is a new user message appended to the idea's conversation
            text, msg_history = get_response_from_llm(
                idea_reflection_prompt.format(current_round=j + 2, num_reflections=num_reflections),
                client=client,
                model=model,
                system_message=idea_system_prompt,
                msg_history=msg_history,
            )
            json_output = extract_json_between_markers(text)
            if "I am done" in text:
                break
        # clean: the model's JSON, serialised once and kept in the archive
        idea_str_archive.append(json.dumps(json_output))
    return [json.loads(s) for s in idea_str_archive]


def generate_next_idea(base_dir, client, model, prev_idea_archive=[], num_reflections=5, max_attempts=10):
    idea_archive = prev_idea_archive
    with open(osp.join(base_dir, "experiment.py")) as f:
        code = f.read()
    with open(osp.join(base_dir, "prompt.json")) as f:
        prompt = json.load(f)
    for _ in range(max_attempts):
        prev_ideas_string = "\n\n".join(json.dumps(idea) for idea in idea_archive)
        text, msg_history = get_response_from_llm(
            idea_first_prompt.format(
                task_description=prompt["task_description"],
                code=code,
                prev_ideas_string=prev_ideas_string,  # expect: PL104
                num_reflections=num_reflections,
            )
            + "\nCompleted ideas have an additional \"Score\" field from an expert ML reviewer.\n",
            client=client,
            model=model,
            system_message=prompt["system"],
            msg_history=[],
        )
        idea_archive.append(extract_json_between_markers(text))
        break
    return idea_archive


def check_idea_novelty(ideas, base_dir, client, model, max_num_iterations=10):
    with open(osp.join(base_dir, "experiment.py")) as f:
        code = f.read()
    with open(osp.join(base_dir, "prompt.json")) as f:
        task_description = json.load(f)["task_description"]
    for idea in ideas:
        msg_history = []
        papers_str = ""
        for j in range(max_num_iterations):
            # clean: a system message fixed for the run; each round is a new user message
            text, msg_history = get_response_from_llm(
                novelty_prompt.format(current_round=j + 1, num_rounds=max_num_iterations, idea=idea, last_query_results=papers_str),
                client=client,
                model=model,
                system_message=novelty_system_msg.format(num_rounds=max_num_iterations, task_description=task_description, code=code),
                msg_history=msg_history,
            )
            if "decision made" in text.lower():
                break
            papers_str = "search results for the query, trimmed"
    return ideas
