"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/llm/prompt.py (lines 28-48), trimmed, with the core/prompts/*.prompt templates it loads; not the original text. Static wording reworded.

The original loads each template from core/prompts/<agent>/<name>.prompt with a
FileSystemLoader; here the templates sit in a dict (placeholders and includes where
the original has them, static wording paraphrased).
"""

from jinja2 import DictLoader, Environment, StrictUndefined

TEMPLATES = {
    "developer/system.prompt": "You are a world class full stack developer working in a team.\nYou write modular, well-organised code with proper error handling and logging.\nYour job is to implement the tasks your tech lead assigns you.",
    "code-monkey/system.prompt": "You are a world class full stack developer.\nYou write clean, production-ready code.\nYour job is to implement the tasks your tech lead assigns you.",
    "troubleshooter/system.prompt": "You are a world class full stack developer who helps the user test and debug the app.",
    "partials/project_details.prompt": '~~APP_DESCRIPTION~~\nA high level description of "{{ state.branch.project.name }}":\n```\n{{ state.specification.description }}\n```\n~~END_OF_APP_DESCRIPTION~~',
    "partials/files_list.prompt": "~~RELEVANT_FILES_IMPLEMENTATION~~\nThe files implemented so far:\n{% for file in state.files %}\n**`{{ file.path }}`**:\n```\n{{ file.content }}\n```\n{% endfor %}\n~~END_OF_RELEVANT_FILES_IMPLEMENTATION~~",
    "partials/coding_rules.prompt": "# Rule 1: Scope\nImplement exactly what the instructions ask for; no more, no less.\n\n# Rule 2: Output\nReply with the whole file, never a diff or a fragment.\n\n# Rule 3: Reuse\nBefore writing a new function, check whether one already exists in the codebase that you can import.\n\n# Rule 4: Principles\nKeep functions small, name things clearly, handle errors and log them, and do not leave TODOs.",
    "partials/relative_paths.prompt": "Always use paths relative to the project root.",
    "partials/filter_files_actions.prompt": "Files you have marked relevant so far:\n{% if relevant_files %}{{ relevant_files }}{% else %}[]{% endif %}\n\nYou can read files, add files to the list, remove files from it, or say you are done.",
    "developer/breakdown.prompt": 'You are working on an app called "{{ state.branch.project.name }}" as its main developer. You are implementing one task, described below. First, here is the context of the app.\n\n{% include "partials/project_details.prompt" %}\n{% include "partials/files_list.prompt" %}\n\n~~DEVELOPMENT_INSTRUCTIONS~~\n{% include "partials/relative_paths.prompt" %}\n\nDo not give commands that create folders or files; they are created automatically from the paths you give.\nList the steps in the order they must run, say when a human must step in and why, keep files small, and split the work into code changes per file.\n\nThe task to implement is #{{ current_task_index + 1 }}: {{ task.description }}',
    "developer/parse_task.prompt": "Turn your plan above into a list of steps (save file, run command, human intervention).\n- Commands must be able to run on a {{ os }} machine.\n{% include \"partials/relative_paths.prompt\" %}",
    "code-monkey/implement_changes.prompt": "You are working on a project and must implement every change to `{{ file_name }}` from the development instructions below. Your changes go to a strict reviewer, so follow ALL these rules:\n{% include \"partials/coding_rules.prompt\" %}\n\nThe development instructions from a senior developer; only the changes to `{{ file_name }}` matter:\n~~~START_OF_DEVELOPMENT_INSTRUCTIONS~~~\n{{ instructions }}\n~~~END_OF_DEVELOPMENT_INSTRUCTIONS~~~\n\n{% if file_content %}The file currently looks like this:\n```\n{{ file_content }}\n```\n{% endif %}Reply ONLY with the full contents of `{{ file_name }}`.",
    "developer/filter_files.prompt": "Pick the files relevant to the current task.\n{% include \"partials/filter_files_actions.prompt\" %}",
    "developer/filter_files_loop.prompt": "{% if read_files %}Here are the files you asked to read:\n{% for file in read_files %}\n`{{ file.path }}`:\n```\n{{ file.content }}\n```\n{% endfor %}{% endif %}\n{% include \"partials/filter_files_actions.prompt\" %}",
    "troubleshooter/breakdown.prompt": '{% extends "developer/breakdown.prompt" %}',
    "troubleshooter/get_run_command.prompt": "How can I run this app? Reply only with the command, without any formatting.\n{% include \"partials/relative_paths.prompt\" %}",
    "bug-hunter/ask_a_question.prompt": "The user has a question about the bug: {{ question }}",
}


class JinjaFileTemplate:
    def __init__(self, template_dirs: list[str]):
        self.env = Environment(loader=DictLoader(TEMPLATES), autoescape=False, undefined=StrictUndefined)

    def __call__(self, path: str, **kwargs) -> str:
        return self.env.get_template(path).render(**kwargs)
