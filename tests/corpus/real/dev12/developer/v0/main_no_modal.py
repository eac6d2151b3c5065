"""Reconstruction of smol-ai/developer@a6747d1a6ccd983c54a483c4a4fb1fa4bf740e82:v0/main_no_modal.py (lines 9-186), trimmed; not the original text."""

import ast
import os

from constants import DEFAULT_MAX_TOKENS, DEFAULT_MODEL


def generate_response(system_prompt, user_prompt, *args):
    import openai

    messages = []
    messages.append({"role": "system", "content": system_prompt})
    messages.append({"role": "user", "content": user_prompt})
    role = "assistant"
    for value in args:
        messages.append({"role": role, "content": value})
        role = "user" if role == "assistant" else "assistant"
    params = {"model": DEFAULT_MODEL, "messages": messages, "max_tokens": DEFAULT_MAX_TOKENS, "temperature": 0}
    response = openai.ChatCompletion.create(**params)
    return response.choices[0]["message"]["content"]


def generate_file(filename, filepaths_string=None, shared_dependencies=None, prompt=None):
    filecode = generate_response(
        f"""You are an AI developer who is trying to write a program that will generate code for the user based on their intent.

    the app is: {prompt}

    the files we have decided to generate are: {filepaths_string}

    the shared dependencies (like filenames and variable names) we have decided on are: {shared_dependencies}

    only write valid code for the given filepath and file type, and return only the code.
    """,
        f"""
    We have broken up the program into per-file generation.
    Now your job is to generate only the code for the file {filename}.
    Remember that you must obey 3 things:
       - you are generating code for the file {filename}
       - MOST IMPORTANT OF ALL - the purpose of our app is {prompt} - every line of code you generate must be valid code.
    Begin generating the code now.
    """,
    )
    return filename, filecode


def main(prompt, directory="generated", file=None):
    filepaths_string = generate_response(
        """You are an AI developer who is trying to write a program that will generate code for the user based on their intent.
    When given their intent, create a complete, exhaustive list of filepaths that the user would write to make the program.
    only list the filepaths you would write, and return them as a python list of strings.
    """,
        prompt,
    )
    list_actual = ast.literal_eval(filepaths_string)
    shared_dependencies = generate_response(
        """You are an AI developer who is trying to write a program that will generate code for the user based on their intent.
            the app is: {prompt}
            the files we have decided to generate are: {filepaths_string}
            Now that we have a list of files, we need to understand what dependencies they share.
            """,
        prompt,
    )
    for name in list_actual:
        filename, filecode = generate_file(
            name,
            filepaths_string=filepaths_string,
            shared_dependencies=shared_dependencies,
            prompt=prompt,
        )
