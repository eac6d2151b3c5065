"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/lsp_logic/utils/utils_context.py (lines 15-101), trimmed; not the original text."""

# The context files come back from the language server as a set of paths; listed here in
# the set's order, they become the included_files of the run (main_full_repo.py 52), which
# every test-generation prompt of the run renders as its "Additional Includes" section.
import os

from jinja2 import Environment, StrictUndefined

ANALYZE_TEST_AGAINST_CONTEXT_USER = """You will be given the content of a {{ language }} test file, and a list of context files.
This is the content of the test file, called `{{ test_file_name_rel }}`:
=========
{{ test_file_content|trim }}
=========
These are the names of the context files:
=========
{{ context_files_names_rel| trim }}
=========
Your answer should be a YAML object equivalent to type $TestAgainstContextAnalysis ...
"""


async def analyze_context(test_file, context_files, args, ai_caller):
    source_file = None
    context_files_include = context_files
    test_file_rel_str = os.path.relpath(test_file, args.project_root)
    context_files_rel_filtered_list_str = ""
    for file in context_files:
        context_files_rel_filtered_list_str += f"`{os.path.relpath(file, args.project_root)}\n`"
    variables = {
        "language": args.project_language,
        "test_file_name_rel": test_file_rel_str,
        "test_file_content": open(test_file, "r").read(),
        "context_files_names_rel": context_files_rel_filtered_list_str,
    }
    environment = Environment(undefined=StrictUndefined)
    user_prompt = environment.from_string(ANALYZE_TEST_AGAINST_CONTEXT_USER).render(variables)
    response, _, _ = ai_caller.call_model(prompt={"system": "", "user": user_prompt}, stream=False)
    return source_file, context_files_include, response


async def find_test_file_context(args, lsp, test_file):
    rel_file = os.path.relpath(test_file, args.project_root)
    captures = []
    context_files, context_symbols = await lsp.get_direct_context(
        captures, args.project_language, args.project_root, rel_file
    )
    context_files_filtered = []
    for file in context_files:  # expect: PL201
        with open(file, "r") as f:
            if f.read().strip():
                context_files_filtered.append(file)
    return context_files_filtered
