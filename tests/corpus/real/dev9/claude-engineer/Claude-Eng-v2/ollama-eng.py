"""Reconstruction of Doriandarko/claude-engineer@0a9e4b309bf6b2eda05dcf073cf5094beb08e0c8:Claude-Eng-v2/ollama-eng.py (lines 160-505, 767-830), trimmed; not the original text."""

import os
from typing import Optional

import ollama

client = ollama.AsyncClient()
MAINMODEL = "mistral-nemo"
file_contents = {}
automode = False
conversation_history = []

BASE_SYSTEM_PROMPT = "You are an AI assistant for software development with file, search and code tools.\n"
AUTOMODE_SYSTEM_PROMPT = "You are in automode; work towards the goal without asking.\n   - You have access to this {iteration_info}.\n"
tools = [{"type": "function", "function": {"name": "read_file", "description": "Read a file.", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}}]


def update_system_prompt(current_iteration: Optional[int] = None, max_iterations: Optional[int] = None) -> str:
    global file_contents
    chain_of_thought_prompt = """
    Answer using the relevant tools, thinking inside <thinking></thinking> tags first; ask for missing required parameters.
    """
    file_contents_prompt = "\n\nFile Contents:\n"
    for path, content in file_contents.items():
        file_contents_prompt += f"\n--- {path} ---\n{content}\n"

    if automode:
        iteration_info = ""
        if current_iteration is not None and max_iterations is not None:
            iteration_info = f"You are currently on iteration {current_iteration} out of {max_iterations} in automode."  # expect: PL104
        return BASE_SYSTEM_PROMPT + file_contents_prompt + "\n\n" + AUTOMODE_SYSTEM_PROMPT.format(iteration_info=iteration_info) + "\n\n" + chain_of_thought_prompt
    else:
        return BASE_SYSTEM_PROMPT + file_contents_prompt + "\n\n" + chain_of_thought_prompt


def read_multiple_files(paths):
    global file_contents
    results = []
    for path in paths:
        try:
            with open(path, "r") as f:
                content = f.read()
            file_contents[path] = content  # expect: PL104
            results.append(f"File '{path}' has been read and stored in the system prompt.")
        except Exception as e:
            results.append(f"Error reading file '{path}': {str(e)}")
    return "\n".join(results)


def list_files(path="."):
    try:
        files = os.listdir(path)
        return "\n".join(files)
    except Exception as e:
        return f"Error listing files: {str(e)}"


async def chat_with_ollama(user_input, image_path=None, current_iteration=None, max_iterations=None):
    global conversation_history
    messages = conversation_history + [{"role": "user", "content": user_input}]
    system_message = {"role": "system", "content": update_system_prompt(current_iteration, max_iterations)}
    response = await client.chat(model=MAINMODEL, messages=[system_message] + messages, tools=tools, stream=False)
    assistant_response = response["message"].get("content", "")
    conversation_history = messages + [{"role": "assistant", "content": assistant_response}]
    return assistant_response, False
