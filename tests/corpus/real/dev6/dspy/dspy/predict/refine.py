"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/predict/refine.py (lines 98-168), trimmed; not the original text."""

import dspy
from dspy import InputField


class Refine(dspy.Module):
    def forward(self, **kwargs):
        lm = self.module.get_lm() or dspy.settings.lm
        start = lm.kwargs.get("rollout_id", 0)
        advice = None
        adapter = dspy.settings.adapter or dspy.ChatAdapter()
        best_pred, best_reward = None, -float("inf")
        for idx, rid in enumerate(range(start, start + self.N)):
            mod = self.module.deepcopy()
            mod.set_lm(lm.copy(rollout_id=rid, temperature=1.0))
            signature2name = {predictor.signature: name for name, predictor in mod.named_predictors()}
            if not advice:
                outputs = mod(**kwargs)
            else:

                class WrapperAdapter(adapter.__class__):
                    def __call__(self, lm, lm_kwargs, signature, demos, inputs):
                        inputs["hint_"] = advice.get(signature2name.get(signature), "N/A")
                        signature = signature.append("hint_", InputField(desc="A hint to the module from an earlier run"))
                        return adapter(lm, lm_kwargs, signature, demos, inputs)

                with dspy.context(adapter=WrapperAdapter()):
                    outputs = mod(**kwargs)
            reward = self.reward_fn(kwargs, outputs)
            if reward > best_reward:
                best_reward, best_pred = reward, outputs
            if self.threshold is not None and reward >= self.threshold:
                break
            advice = dspy.Predict(self.feedback_signature)(program_outputs=dict(outputs), reward_value=reward).advice
        return best_pred
