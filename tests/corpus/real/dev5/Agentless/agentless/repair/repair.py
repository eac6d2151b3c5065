"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/repair/repair.py (lines 32-132, 226-478), trimmed; not the original text."""

from agentless.util.model import make_model

repair_relevant_file_instruction = """
Below are code segments from files that may contain the bug.
"""

repair_prompt_combine_topn_cot_diff = """
We are fixing this issue in our repository:
--- BEGIN ISSUE ---
{problem_statement}
--- END ISSUE ---

{repair_relevant_file_instruction}
--- BEGIN FILE ---
```
{content}
```
--- END FILE ---

First localize the bug from the issue, then write *SEARCH/REPLACE* edits that fix it.

Each edit has: the file path; a line `<<<<<<< SEARCH`; the existing lines; a line `=======`;
the new lines; a line `>>>>>>> REPLACE`.

```python
### pkg/module.py
<<<<<<< SEARCH
import os
=======
import os
import sys
>>>>>>> REPLACE
```

Indent the replacement exactly as the code around it, and wrap each edit in ```python...```.
"""


def construct_topn_file_context(file_to_locs, pred_files, file_contents, structure, context_window=10):
    topn_content = ""
    intervals = {}
    for pred_file, locs in file_to_locs.items():
        content = file_contents[pred_file]
        if locs:
            topn_content += f"### {pred_file}\n{content}\n\n\n"
            intervals[pred_file] = locs
    return topn_content, intervals


def process_loc(loc, args, problem_statement, file_contents, structure, logger):
    topn_content, _ = construct_topn_file_context(
        loc["found_edit_locs"], loc["found_files"][: args.top_n], file_contents, structure
    )
    message = repair_prompt_combine_topn_cot_diff.format(
        repair_relevant_file_instruction=repair_relevant_file_instruction,
        problem_statement=problem_statement,
        content=topn_content.rstrip(),
    ).strip()

    greedy = make_model(args.model, args.backend, logger, max_tokens=1024, temperature=0)
    sample_responses = [
        greedy.codegen(message, num_samples=1, prompt_cache=args.max_samples > 1)[0]
    ]
    if args.max_samples > 1:
        sampler = make_model(
            args.model, args.backend, logger, batch_size=args.max_samples - 1, max_tokens=1024, temperature=0.8
        )
        # every later sample re-sends exactly the same message
        sample_responses.extend(
            sampler.codegen(message, num_samples=args.max_samples - 1, prompt_cache=True)
        )
    return sample_responses
