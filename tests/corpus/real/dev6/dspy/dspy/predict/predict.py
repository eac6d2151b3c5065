"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/predict/predict.py (lines 56-63, 234-241), trimmed; not the original text."""

import random

from dspy.dsp.utils.settings import settings


class Predict:
    def __init__(self, signature, **config):
        self.stage = random.randbytes(8).hex()
        self.signature = signature
        self.config = config

    def _forward_postprocess(self, completions, signature, **kwargs):
        pred = completions
        if settings.trace is not None and settings.max_trace_size > 0:
            trace = settings.trace
            if len(trace) >= settings.max_trace_size:
                trace.pop(0)
            trace.append((self, {**kwargs}, pred))
        return pred
