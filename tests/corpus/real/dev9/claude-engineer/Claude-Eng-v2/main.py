"""Reconstruction of Doriandarko/claude-engineer@0a9e4b309bf6b2eda05dcf073cf5094beb08e0c8:Claude-Eng-v2/main.py (lines 290-1946), trimmed; not the original text."""

import datetime
import glob
import json
import os
from typing import Optional

from anthropic import Anthropic

client = Anthropic()
MAINMODEL = "claude-3-5-sonnet-20241022"
TOOLCHECKERMODEL = MAINMODEL
CODEEDITORMODEL = MAINMODEL
CODEEXECUTIONMODEL = MAINMODEL

file_contents = {}
code_editor_memory = []
code_editor_files = set()
automode = False
conversation_history = []

BASE_SYSTEM_PROMPT = """
You are Claude, an AI assistant for software development with tools to create, read and edit files,
search the web and run code.
"""

AUTOMODE_SYSTEM_PROMPT = """
You are in automode: work through the goal step by step without asking the user.
   - You have access to this {iteration_info}.
Remember: focus on the established goals.
"""

tools = [
    {"name": "create_files", "description": "Create files.", "input_schema": {"type": "object", "properties": {"files": {"type": "array"}}}},
    {"name": "read_multiple_files", "description": "Read files into the system prompt.", "input_schema": {"type": "object", "properties": {"paths": {"type": "array"}}}},
]


def update_system_prompt(current_iteration: Optional[int] = None, max_iterations: Optional[int] = None) -> str:
    global file_contents
    chain_of_thought_prompt = """
    Answer using the relevant tools. Think inside <thinking></thinking> tags first and ask for missing required parameters.
    Before calling read_multiple_files, check whether the file is already in your context (system prompt).
    """

    files_in_context = "\n".join(file_contents.keys())
    file_contents_prompt = f"\n\nFiles already in your context:\n{files_in_context}\n\nFile Contents:\n"
    for path, content in file_contents.items():
        file_contents_prompt += f"\n--- {path} ---\n{content}\n"

    if automode:
        iteration_info = ""
        if current_iteration is not None and max_iterations is not None:
            iteration_info = f"You are currently on iteration {current_iteration} out of {max_iterations} in automode."  # expect: PL104
        return BASE_SYSTEM_PROMPT + file_contents_prompt + "\n\n" + AUTOMODE_SYSTEM_PROMPT.format(iteration_info=iteration_info) + "\n\n" + chain_of_thought_prompt
    else:
        return BASE_SYSTEM_PROMPT + file_contents_prompt + "\n\n" + chain_of_thought_prompt


def create_files(files):
    global file_contents
    results = []
    for file in files:
        with open(file["path"], "w") as f:
            f.write(file["content"])
        file_contents[file["path"]] = file["content"]
        results.append(f"File created and added to system prompt: {file['path']}")
    return "\n".join(results)


async def generate_edit_instructions(file_path, file_content, instructions, project_context, full_file_contents):
    global code_editor_memory, code_editor_files
    memory_context = "\n".join([f"Memory {i+1}:\n{mem}" for i, mem in enumerate(code_editor_memory)])
    full_file_contents_context = "\n\n".join(
        [f"--- {path} ---\n{content}" for path, content in full_file_contents.items() if path != file_path or path not in code_editor_files]
    )

    system_prompt = (
        "You are an expert coding assistant. Review the following information carefully:\n"
        "1. File Content:\n"
        f"{file_content}\n"  # expect: PL104
        "2. Edit Instructions:\n"
        f"{instructions}\n"
        "3. Project Context:\n"
        f"{project_context}\n"
        "4. Previous Edit Memory:\n"
        f"{memory_context}\n"
        "5. Full Project Files Context:\n"
        f"{full_file_contents_context}\n"
        "Then review the code, plan the change, and answer only with <SEARCH>/<REPLACE> blocks that\n"
        "identify the code uniquely, keep the indentation and follow the project's conventions.\n"
    )

    response = client.beta.prompt_caching.messages.create(
        model=CODEEDITORMODEL,
        max_tokens=8000,
        system=[{"type": "text", "text": system_prompt, "cache_control": {"type": "ephemeral"}}],
        messages=[{"role": "user", "content": "Generate SEARCH/REPLACE blocks for the necessary changes."}],
        extra_headers={"anthropic-beta": "prompt-caching-2024-07-31"},
    )
    ai_response_text = response.content[0].text
    code_editor_memory.append(f"Edit Instructions for {file_path}:\n{ai_response_text}")
    code_editor_files.add(file_path)
    return ai_response_text


def read_multiple_files(paths, recursive=False):
    global file_contents
    results = []
    for path in paths:
        abs_path = os.path.abspath(path)
        if os.path.isdir(abs_path):
            if recursive:
                file_paths = glob.glob(os.path.join(abs_path, "**", "*"), recursive=True)  # expect: PL201
            else:
                file_paths = glob.glob(os.path.join(abs_path, "*"))
            file_paths = [f for f in file_paths if os.path.isfile(f)]
        else:
            file_paths = glob.glob(abs_path, recursive=recursive)

        for file_path in file_paths:
            abs_file_path = os.path.abspath(file_path)
            if abs_file_path not in file_contents:
                with open(abs_file_path, "r", encoding="utf-8") as f:
                    content = f.read()
                file_contents[abs_file_path] = content  # expect: PL104
                results.append(f"File '{abs_file_path}' has been read and stored in the system prompt.")
    return "\n".join(results)


def list_files(path="."):
    try:
        files = os.listdir(path)
        return "\n".join(files)
    except Exception as e:
        return f"Error listing files: {str(e)}"


def scan_folder(folder_path: str, output_file: str) -> str:
    markdown_content = f"# Folder Scan: {folder_path}\n\n"
    for root, dirs, files in os.walk(folder_path):
        for file in files:
            file_path = os.path.join(root, file)
            with open(file_path, "r", encoding="utf-8") as f:
                markdown_content += f"## {os.path.relpath(file_path, folder_path)}\n\n{f.read()}\n\n"
    with open(output_file, "w", encoding="utf-8") as f:
        f.write(markdown_content)
    return f"Folder scan written to {output_file}"


async def send_to_ai_for_executing(code, execution_result):
    system_prompt = f"""
    You are a code execution agent. Review the code run in 'code_execution_env':
    {code}

    and its result:
    {execution_result}

    Summarise what worked, what failed, possible fixes and notable observations, concisely.
    """
    response = client.beta.prompt_caching.messages.create(
        model=CODEEXECUTIONMODEL,
        max_tokens=2000,
        system=[{"type": "text", "text": system_prompt, "cache_control": {"type": "ephemeral"}}],
        messages=[{"role": "user", "content": f"Analyze this code execution:\n\nCode:\n{code}\n\nExecution Result:\n{execution_result}"}],
        extra_headers={"anthropic-beta": "prompt-caching-2024-07-31"},
    )
    return response.content[0].text


def save_chat():
    now = datetime.datetime.now()
    filename = f"Chat_{now.strftime('%H%M')}.md"
    with open(filename, "w", encoding="utf-8") as f:
        for message in conversation_history:
            f.write(f"{message['role']}: {message['content']}\n\n")
    return filename


async def decide_retry(tool_checker_response, edit_results, tool_input):
    response = client.messages.create(
        model=TOOLCHECKERMODEL,
        max_tokens=1000,
        system="Decide whether to retry editing files from the edit results and the AI's response. Answer with JSON: {\"retry\": bool, \"files_to_retry\": [paths]}.",
        messages=[{"role": "user", "content": f"Previous edit results: {json.dumps(edit_results)}\n\nAI's response: {tool_checker_response}\n\nDecide whether to retry."}],
    )
    return json.loads(response.content[0].text)


async def chat_with_claude(user_input, image_path=None, current_iteration=None, max_iterations=None):
    global conversation_history
    current_conversation = [{"role": "user", "content": user_input}]
    messages = conversation_history + current_conversation
    response = client.beta.prompt_caching.messages.create(
        model=MAINMODEL,
        max_tokens=8000,
        system=[
            {"type": "text", "text": update_system_prompt(current_iteration, max_iterations), "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": json.dumps(tools), "cache_control": {"type": "ephemeral"}},
        ],
        messages=messages,
        tools=tools,
        tool_choice={"type": "auto"},
        extra_headers={"anthropic-beta": "prompt-caching-2024-07-31"},
    )
    assistant_response = "".join(block.text for block in response.content if block.type == "text")
    conversation_history = messages + [{"role": "assistant", "content": assistant_response}]
    return assistant_response, False
