"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/prompts/crosswords.py (lines 270-325), trimmed; not the original text."""

propose_prompt = '''A 5 x 5 mini crossword; every word has 5 letters.

{input}

From the current board, list candidate answers for the unfilled or changed words with a confidence
(certain/high/medium/low), as "h1. apple (medium)". Several answers per word are allowed.
'''

value_prompt = '''Can a five-letter word with this meaning fit these letter constraints? (sure/maybe/impossible)

Incorrect; to injure: w _ o _ g
wrong fits.
sure

{input}
'''
