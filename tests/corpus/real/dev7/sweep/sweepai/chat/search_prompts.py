"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/chat/search_prompts.py (lines 22, 66, 130, 270-287, 332-344), trimmed; not the original text."""

function_response = """The above is the output of the function call. Reflect on it before answering."""

anthropic_format_message = """### Guidelines
Answer in <analysis>, <user_response> and <self_critique> blocks; call a function in <function_call>."""

anthropic_system_message = """You are a helpful assistant that will answer a user's questions about a codebase.
You are given relevant code snippets and may make function calls to retrieve more."""

relevant_snippets_message = """# Codebase
Repo: {repo_name}
{repo_specific_description}

<relevant_files>
{joined_relevant_snippets}
</relevant_files>"""

relevant_snippet_template = """<relevant_file index="{i}">
<file_path>
{file_path}
</file_path>
<source>
{content}
</source>
</relevant_file>"""

query_optimizer_system_prompt = """Generate a search query for a hybrid search database to find relevant files in a codebase."""

query_optimizer_user_prompt = """Question: {query}"""
