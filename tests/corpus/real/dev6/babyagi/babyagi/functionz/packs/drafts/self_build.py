"""Reconstruction of yoheinakajima/babyagi@4f4fd1f62c2b0726479d6bc7bbf87463369a663e:babyagi/functionz/packs/drafts/self_build.py (lines 5-60), trimmed; not the original text."""

import json

from functionz.core.framework import func


@func.register_function(metadata={"description": "Generate queries a described user might ask."}, dependencies=["gpt_call"])
def generate_queries(user_description, X=3, max_retries=3):
    prompt = f"""
You are an AI assistant. From the user description below, write {X} different queries such a user might ask:

User Description:
"{user_description}"

Answer as a JSON list of strings. Make them varied and realistic.
"""
    errors = []
    for attempt in range(1, max_retries + 1):
        response = gpt_call(prompt)
        try:
            queries = json.loads(response)
            if isinstance(queries, list) and len(queries) == X:
                return queries
        except json.JSONDecodeError as e:
            errors.append(f"Attempt {attempt}: {e}")
    raise ValueError("; ".join(errors))
