"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:goex/exec_engine/pipeline.py (lines 14-22, 40-56, 94-199, 286-310), trimmed; not the original text."""

import os
import re

from openai import OpenAI

python_pattern = r"```python\n(.*?)\n```"

INSTRUCTION_TEXT = """
    You are an assistant that outputs executable Python code that perform what the user requests.
    It is important that you only return one and only one code block with all the necessary imports inside ```python and nothing else.
    The code block should print the output(s) when appropriate.

    If the action can't be successfully completed, throw an exception

    This is what the user requests: {request}\n
    """

FUNCTION_IN_CONTEXT_TEXT = """
    You are an assistant that outputs executable Python code according to a given list of python functions that perform what the user requests.
    It is important that you only return one and only one code block with all the necessary imports inside ```python and nothing else.
    The code block should print the output(s) when appropriate.

    If the action can't be successfully completed, throw an exception

    Don't change the available functions listed below except for feeding parameters.

    Only use the functions defined below, don't add new functions.

    Here is a list of python functions available:\n
    {functions}\n

    This is what the user requests: {request}\n
    """


def read_available_functions():
    FUNCTION_DIR = "./function/"
    avail_functions = {}
    functions = os.listdir(FUNCTION_DIR)  # expect: PL201
    for function in functions:
        if not function.endswith(".py"):
            continue
        with open(FUNCTION_DIR + function, "r") as file:
            avail_functions[function.replace(".py", "")] = file.read()
    return avail_functions


def generate_command(content, credentials=None, generate_mode="default", openai_model="gpt-4-turbo-preview"):
    client = OpenAI()
    if generate_mode == "default":
        prompt = INSTRUCTION_TEXT.format(request=content)
    else:
        avail_functions = read_available_functions()
        prompt_functions = ""
        for idx, function in enumerate(list(avail_functions.values())):
            prompt_functions += "<<function" + str(idx) + ">>: " + str(function) + "\n"
        prompt = FUNCTION_IN_CONTEXT_TEXT.format(functions=prompt_functions, request=content)
    if credentials:
        prompt += generate_credentials_prompt_info(credentials)
    else:
        prompt += "Equally importantly, try to do so without requiring any API key. If and only if one is really needed, give the code block assuming those keys are provided."
    response = client.chat.completions.create(
        model=openai_model,
        messages=[{"role": "user", "content": prompt}],
    )
    output = response.choices[0].message.content
    matches = re.search(python_pattern, output, re.DOTALL)
    if matches:
        return matches.group(1)


def generate_credentials_prompt_info(credentials):
    token_in_path = []
    for service_name, value, cred_type in credentials:
        if cred_type == "path":
            token_in_path.append([service_name, value])
    if token_in_path != []:
        cred_paths = {}
        for service_name, value in token_in_path:
            prefix = "./credentials/" + service_name + "/"
            cred_paths[service_name] = [prefix + file_name for file_name in os.listdir(value)]
            return "The credentials (such as API keys) are stored in the following paths: {keys_list}. Open the file(s) to access them".format(keys_list=cred_paths)
    return ""
