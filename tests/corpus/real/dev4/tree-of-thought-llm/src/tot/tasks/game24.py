"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/tasks/game24.py (lines 9-83), trimmed; not the original text."""

from tot.prompts.game24 import cot_prompt, propose_prompt, value_prompt


def get_current_numbers(y: str) -> str:
    return y.strip().split('\n')[-1].split('left: ')[-1].split(')')[0]


class Game24Task:
    @staticmethod
    def propose_prompt_wrap(x: str, y: str = '') -> str:
        current_numbers = get_current_numbers(y if y else x)
        if current_numbers == '24':
            return cot_prompt.format(input=x) + 'Steps:' + y
        # the few-shot example first, this state's numbers last
        return propose_prompt.format(input=current_numbers)

    @staticmethod
    def value_prompt_wrap(x: str, y: str) -> str:
        return value_prompt.format(input=get_current_numbers(y))
