"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/fl/FL.py (lines 28-680), trimmed; not the original text."""

from agentless.repair.repair import construct_topn_file_context
from agentless.util.preprocess_data import show_project_structure

MAX_CONTEXT_LENGTH = 128000


def num_tokens_from_messages(message, model):
    return len(message) // 4


class LLMFL:
    obtain_relevant_files_prompt = """
Read the GitHub issue and the repository layout below and name the files to edit.

### Issue ###
{problem_statement}

### Layout ###
{structure}

Give at most 5 full paths, most important first, one per line, inside ```.
"""

    obtain_irrelevant_files_prompt = """
Read the GitHub issue and the repository layout below and name the folders that do not matter.

### Issue ###
{problem_statement}

### Layout ###
{structure}

Give full folder paths, one per line, inside ```.
"""

    file_content_in_block_template = """
### File: {file_name} ###
```python
{file_content}
```
"""

    obtain_locations_from_skeletons_prompt = """
Read the issue and the skeletons of the files, and list every class, method, function or
global variable to inspect or edit.

### Issue ###
{problem_statement}

### Skeletons ###
{file_contents}

Answer with one `path` line followed by `class:`, `function:` or `variable:` lines, inside ```.
"""

    obtain_lines_prompt = """
Read the issue and the code below, and name the exact lines to edit.

### Issue ###
{problem_statement}
{file_contents}

Answer with a path line and `line:` / `function:` / `class:` lines, inside ```.
"""

    def __init__(self, instance_id, structure, problem_statement, model_name, backend, logger):
        self.instance_id = instance_id
        self.structure = structure
        self.problem_statement = problem_statement
        self.model_name = model_name
        self.backend = backend
        self.logger = logger
        self.max_tokens = 300

    def localize_irrelevant(self, mock=False):
        from agentless.util.model import make_model

        message = self.obtain_irrelevant_files_prompt.format(
            problem_statement=self.problem_statement,
            structure=show_project_structure(self.structure).strip(),
        ).strip()
        model = make_model(self.model_name, self.backend, self.logger, max_tokens=2048)
        return model.codegen(message, num_samples=1)[0]

    def localize(self, mock=False):
        from agentless.util.model import make_model

        message = self.obtain_relevant_files_prompt.format(
            problem_statement=self.problem_statement,
            structure=show_project_structure(self.structure).strip(),
        ).strip()
        model = make_model(self.model_name, self.backend, self.logger, max_tokens=self.max_tokens)
        return model.codegen(message, num_samples=1)[0]

    def localize_function_from_compressed_files(self, file_contents: dict, temperature=0.0):
        from agentless.util.model import make_model

        contents = [
            self.file_content_in_block_template.format(file_name=fn, file_content=code)
            for fn, code in file_contents.items()
        ]
        template = self.obtain_locations_from_skeletons_prompt
        message = template.format(
            problem_statement=self.problem_statement, file_contents="".join(contents)
        )
        # one-shot prompt: drop trailing files until it fits, once, before the request
        while num_tokens_from_messages(message, self.model_name) >= MAX_CONTEXT_LENGTH and len(contents) > 1:
            contents = contents[:-1]
            message = template.format(
                problem_statement=self.problem_statement, file_contents="".join(contents)
            )
        model = make_model(
            self.model_name, self.backend, self.logger, max_tokens=self.max_tokens, temperature=temperature
        )
        return model.codegen(message, num_samples=1)[0]

    def localize_line_from_coarse_function_locs(self, file_names, coarse_locs, file_contents, num_samples=1):
        from agentless.util.model import make_model

        topn_content, _ = construct_topn_file_context(coarse_locs, file_names, file_contents, self.structure)
        message = self.obtain_lines_prompt.format(
            problem_statement=self.problem_statement, file_contents=topn_content
        )
        while num_tokens_from_messages(message, self.model_name) >= MAX_CONTEXT_LENGTH and len(coarse_locs) > 1:
            coarse_locs.popitem()
            topn_content, _ = construct_topn_file_context(coarse_locs, file_names, file_contents, self.structure)
            message = self.obtain_lines_prompt.format(
                problem_statement=self.problem_statement, file_contents=topn_content
            )
        model = make_model(
            self.model_name, self.backend, self.logger, batch_size=num_samples, max_tokens=self.max_tokens
        )
        # the same message for every sample: identical requests
        return model.codegen(message, num_samples=num_samples, prompt_cache=num_samples > 1)
