"""Reconstruction of smol-ai/developer@a6747d1a6ccd983c54a483c4a4fb1fa4bf740e82:smol_dev/prompts.py (lines 18-178), trimmed; not the original text."""

import time
from typing import Any, Callable, List, Optional

import openai
from openai_function_call import openai_function

SMOL_DEV_SYSTEM_PROMPT = """
You are a top tier AI developer who is trying to write a program that will generate code for the user based on their intent.
Do not leave any todos, fully implement every feature requested.
"""


@openai_function
def file_paths(files_to_edit: List[str]) -> List[str]:
    """Construct a list of strings."""
    return files_to_edit


def specify_file_paths(prompt: str, plan: str, model: str = "gpt-3.5-turbo-0613"):
    completion = openai.ChatCompletion.create(
        model=model,
        functions=[file_paths.openai_schema],
        function_call={"name": "file_paths"},
        messages=[
            {"role": "system", "content": f"""{SMOL_DEV_SYSTEM_PROMPT}
      Given the prompt and the plan, return a list of strings corresponding to the new files that will be generated.
"""},
            {"role": "user", "content": f""" I want a: {prompt} """},
            {"role": "user", "content": f""" The plan we have agreed on is: {plan} """},
        ],
    )
    return file_paths.from_response(completion)


def plan(prompt: str, stream_handler: Optional[Callable] = None, model: str = "gpt-3.5-turbo-0613",
         extra_messages: List[Any] = []):
    completion = openai.ChatCompletion.create(
        model=model,
        stream=True,
        messages=[
            {"role": "system", "content": f"""{SMOL_DEV_SYSTEM_PROMPT}

    In response to the user's prompt, write a plan using GitHub Markdown syntax. Begin with a YAML description of the new files that will be created.
    Respond only with plans following the above schema.
"""},
            {"role": "user", "content": f""" the app prompt is: {prompt} """},
            *extra_messages,
        ],
    )
    return "".join(chunk["choices"][0]["delta"].get("content", "") for chunk in completion)


async def generate_code(prompt: str, plan: str, current_file: str, stream_handler: Optional[Callable] = None,
                        model: str = "gpt-3.5-turbo-0613") -> str:
    start_time = time.time()
    completion = openai.ChatCompletion.acreate(
        model=model,
        messages=[
            {
                "role": "system",
                "content": (
                    f"{SMOL_DEV_SYSTEM_PROMPT}\n\n"
                    "  In response to the user's prompt,\n"
                    "  Please name and briefly describe the structure of the app we will generate, including, for each file we are generating, what variables they export, data schemas, id names of every DOM elements that javascript functions will use, message names, and function names.\n\n"
                    "  We have broken up the program into per-file generation.\n"
                    f"  Now your job is to generate only the code for the file: {current_file}\n"  # expect: PL104
                    "  only write valid code for the given filepath and file type, and return only the code.\n"
                ),
            },
            {"role": "user", "content": f""" the plan we have agreed on is: {plan} """},
            {"role": "user", "content": f""" the app prompt is: {prompt} """},
            {"role": "user", "content": f"""
    Make sure to have consistent filenames if you reference other files we are also generating.
    Remember that you must obey 3 things:
       - you are generating code for the file {current_file}
       - do not stray from the names of the files and the plan we have decided on
    Begin generating the code now.
"""},
        ],
        stream=True,
    )
    collected = []
    async for chunk in await completion:
        collected.append(chunk["choices"][0]["delta"].get("content", ""))
    return "".join(collected)
