"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/clients/base_lm.py (lines 286-320, 776-800), trimmed; not the original text."""

import datetime
import uuid

GLOBAL_HISTORY: list = []
MAX_HISTORY_SIZE = 10_000


class BaseLM:
    def _process_lm_response(self, response, prompt, messages, **kwargs):
        outputs = [c.message.content for c in response.choices]
        entry = {
            "prompt": prompt,
            "messages": messages,
            "outputs": outputs,
            "timestamp": datetime.datetime.now().isoformat(),
            "uuid": str(uuid.uuid4()),
            "model": self.model,
        }
        self.update_history(entry)
        return outputs

    def update_history(self, entry):
        GLOBAL_HISTORY.append(entry)
        if len(GLOBAL_HISTORY) > MAX_HISTORY_SIZE:
            GLOBAL_HISTORY.pop(0)
        self.history.append(entry)
