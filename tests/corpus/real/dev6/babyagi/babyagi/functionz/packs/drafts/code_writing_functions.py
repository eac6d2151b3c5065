"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/drafts/code_writing_functions.py (lines 3-75, 150-210), trimmed; not the original text."""

from functionz.core.framework import func


@func.register_function(
    metadata={"description": "Check whether an existing function fulfils the request."},
    dependencies=["gpt_call", "get_all_functions_wrapper"],
)
def check_existing_functions(user_input):
    import json

    while True:
        functions = get_all_functions_wrapper()
        function_descriptions = [
            {"name": f["name"], "description": f["metadata"].get("description", "")} for f in functions
        ]
        prompt = (
            "\nYou are an expert software assistant. The user's request:\n\n"
            f"\"{user_input}\"\n\n"  # expect: PL104
            "The available functions with their descriptions:\n\n"
            f"{function_descriptions}\n\n"
            "Does one of them fulfil the request exactly? Answer as JSON with function_found and function_name.\n"
            "(two worked examples of about two hundred tokens follow in the original)\n"
        )
        response = gpt_call(prompt)
        try:
            return json.loads(response)
        except json.JSONDecodeError:
            continue


@func.register_function(
    metadata={"description": "Decide the imports and APIs the functions need."},
    dependencies=["gpt_call", "get_all_functions_wrapper"],
)
def decide_imports_and_apis(context):
    import json

    while True:
        all_functions = get_all_functions_wrapper()
        existing_imports = set()
        for f in all_functions:
            existing_imports.update(f.get("imports", []))
        prompt = f"""
You decide the imports and external APIs a set of functions needs.

Context:

{context}

Standard Python imports already in use:

{list(existing_imports)}

Separate standard libraries from external libraries and APIs; answer as JSON (with an example).
"""
        response = gpt_call(prompt)
        try:
            return json.loads(response)
        except json.JSONDecodeError:
            continue
