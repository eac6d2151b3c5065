"""Reconstruction of simonw/llm@f3f4f29c6e5e623c3776cbf6455dda2345638214:llm/cli.py (lines 1202-1365, 4161-4272), trimmed; not the original text."""

import pathlib

from llm import get_tools
from llm.models import Tool


def chat(conversation, system, template_obj, params, tools, kwargs, run_chat):
    def transform_chat_prompt(prompt):
        nonlocal system
        if template_obj:
            # every message goes through the template and is stored as rendered
            prompt, system = template_obj.evaluate(prompt, params)
        return prompt

    def execute_chat_prompt(prompt, fragments):
        nonlocal system
        response = conversation.chain(prompt, fragments=fragments, system=system, tools=tools, **kwargs)
        # the system prompt is sent with the first message; later turns carry it in the chain
        system = None
        return response

    run_chat(execute_chat_prompt, transform_prompt=transform_chat_prompt)


def _tools_from_code(code_or_path: str) -> list:
    if "\n" not in code_or_path and code_or_path.endswith(".py"):
        code_or_path = pathlib.Path(code_or_path).read_text()
    namespace = {}
    exec(code_or_path, namespace)  # noqa: S102
    tools = []
    # definition order of the functions in the code
    for name, value in namespace.items():
        if callable(value) and not name.startswith("_"):
            tools.append(Tool.function(value))
    return tools


def _gather_tools(tool_specs: list, python_tools: list) -> list:
    tools = []
    for code_or_path in python_tools:
        tools.extend(_tools_from_code(code_or_path))
    available_tools = get_tools()
    # in the order of the --tool options
    for tool_spec in tool_specs:
        tools.append(available_tools[tool_spec])
    return tools
