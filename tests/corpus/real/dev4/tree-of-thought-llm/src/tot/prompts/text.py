"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/prompts/text.py (lines 1-24), trimmed; not the original text."""

cot_prompt = '''
Write four short paragraphs; each must end with the given sentence: {input}

Plan first, then write, in this format:

Plan:
...

Passage:
...
'''

vote_prompt = '''Given an instruction and several choices, pick the most promising one; end with "The best choice is {s}".
'''

compare_prompt = '''Compare the coherency of the two passages; end with which one is more coherent.
'''
