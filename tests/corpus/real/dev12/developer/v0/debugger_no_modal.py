"""Reconstruction of smol-ai/developer@a6747d1a6ccd983c54a483c4a4fb1fa4bf740e82:v0/debugger_no_modal.py (lines 11-64), trimmed; not the original text."""

import os


def read_file(filename):
    with open(filename, "r") as file:
        return file.read()


def walk_directory(directory):
    image_extensions = [".png", ".jpg", ".jpeg", ".gif", ".svg"]
    code_contents = {}
    for root, dirs, files in os.walk(directory):
        for file in files:
            if not any(file.endswith(ext) for ext in image_extensions):
                relative_filepath = os.path.relpath(os.path.join(root, file), directory)
                code_contents[relative_filepath] = read_file(os.path.join(root, file))
    return code_contents


def main(args):
    prompt = args.prompt
    code_contents = walk_directory(args.directory)
    context = "\n".join(f"{path}:\n{contents}" for path, contents in code_contents.items())
    system = "You are an AI debugger who is trying to debug a program for a user based on their file system. The user has provided you with the following files and their contents, finally folllowed by the error message or issue they are facing."
    prompt = "My files are as follows: " + context + "\n\n" + "My issue is as follows: " + prompt
    prompt += "\n\nGive me ideas for what could be wrong and what fixes to do in which files."
    return generate_response(system, prompt, args.model)
