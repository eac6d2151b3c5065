"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/models/extra/roulette.py
(lines 15-33), trimmed; not the original text.

A random choice of the model per call: it changes which model is asked, not the prompt.
"""

import random


class RouletteModel:
    def __init__(self, models):
        self.models = models
        self._n_calls = 0

    def select_model(self):
        return random.choice(self.models)

    def query(self, *args, **kwargs) -> dict:
        # clean: the messages are passed through unchanged
        model = self.select_model()
        self._n_calls += 1
        response = model.query(*args, **kwargs)
        response["model_name"] = model.config.model_name
        return response
