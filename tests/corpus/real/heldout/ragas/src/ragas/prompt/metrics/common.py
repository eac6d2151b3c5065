"""Reconstruction of explodinggradients/ragas@3e28e9dec93897f47a98065be4c62f6d072a45a7:src/ragas/prompt/metrics/common.py (lines 1-45), trimmed; not the original text."""
import json


def statement_generator_prompt(question: str, answer: str) -> str:
    safe_question = json.dumps(question)
    safe_answer = json.dumps(answer)

    return f"""Given a question and an answer, analyze the complexity of each sentence in the answer. Break down each sentence into one or more fully understandable statements. Ensure that no pronouns are used in any statement. Format the outputs in JSON.
Please return the output in a JSON format that complies with the following schema as specified in JSON Schema:
{{"properties": {{"statements": {{"description": "The generated statements", "items": {{"type": "string"}}, "title": "Statements", "type": "array"}}}}, "required": ["statements"], "title": "StatementGeneratorOutput", "type": "object"}}Do not use single quotes in your response but double quotes,properly escaped with a backslash.

--------EXAMPLES-----------
Example 1
Input: {{
    "question": "Who was Albert Einstein and what is he best known for?",
    "answer": "He was a German-born theoretical physicist, best known for developing the theory of relativity."
}}
Output: {{
    "statements": [
        "Albert Einstein was a German-born theoretical physicist.",
        "Albert Einstein was best known for developing the theory of relativity."
    ]
}}
-----------------------------

Now perform the same with the following input
input: {{
    "question": {safe_question},
    "answer": {safe_answer}
}}
Output: """
