"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/prompts/game24.py (lines 40-133), trimmed; not the original text."""

cot_prompt = '''Reach 24 with + - * / using each number once, step by step.
Input: 3 3 8 8
Steps:
8 / 8 = 1 (left: 1 3 3)
...
Input: {input}
'''

propose_prompt = '''Input: 1 5 6 9
Possible next steps:
1 + 5 = 6 (left: 6 6 9)
...
Input: {input}
Possible next steps:
'''

value_prompt = '''Can these numbers reach 24? Answer sure, likely or impossible.
10 14
10 + 14 = 24
sure
...
{input}
'''
