"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/tasks/text.py (lines 51-87), trimmed; not the original text."""

from tot.prompts.text import compare_prompt, cot_prompt, vote_prompt


class TextTask:
    @staticmethod
    def cot_prompt_wrap(x: str, y: str = '') -> str:
        # the task's four sentences sit before the template's fixed format instructions
        return cot_prompt.format(input=x) + y  # expect: PL104

    @staticmethod
    def vote_prompt_wrap(x: str, ys: list) -> str:
        prompt = vote_prompt
        for i, y in enumerate(ys, 1):
            prompt += f'Choice {i}:\n{y}\n'
        return prompt

    @staticmethod
    def compare_prompt_wrap(x: str, ys: list) -> str:
        ys = [y.split('Passage:\n')[-1] for y in ys]
        return compare_prompt + f'Passage 1:\n{ys[0]}\n\nPassage 2:\n{ys[1]}\n'
