"""Reconstruction of princeton-nlp/tree-of-thought-llm@ab400345c5ea39d28ea6d7d3be0e417b11113c87:src/tot/tasks/crosswords.py (lines 40-52, 216-250), trimmed; not the original text."""

from tot.models import gpt
from tot.prompts.crosswords import propose_prompt, value_prompt


class MiniCrosswordsTask:
    def propose_prompt_wrap(self, x: str, y: str = '') -> str:
        self.set_status(x, y)
        # this step's board, ahead of the template's fixed instructions
        return propose_prompt.format(input=self.env.render())  # expect: PL104

    def evaluate(self, x: str, y: str, n_evaluate_sample: int) -> dict:
        self.set_status(x, y)
        count = {'sure': 0, 'maybe': 0, 'impossible': 0}
        for ans, data in zip(self.env.ans, self.env.data):
            line = f"{data}: {' '.join(ans.lower())}"
            # the examples first, the clue being judged last
            prompt = value_prompt.format(input=line)
            res = gpt(prompt)[0].split('\n')[-1].strip()
            if res in count:
                count[res] += 1
        return count
