"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/predict/avatar/avatar.py (lines 68-158), trimmed; not the original text."""

from copy import deepcopy

import dspy
from dspy.predict.avatar.signatures import Action


class Avatar(dspy.Module):
    def _update_signature(self, idx: int, omit_action: bool = False):
        self.actor.signature = self.actor.signature.with_updated_fields(f"action_{idx}", Action, __dspy_field_type="input")
        self.actor.signature = self.actor.signature.append(
            f"result_{idx}",
            dspy.InputField(prefix=f"Result {idx}:", desc=f"result number {idx}", type_=str),
        )
        if omit_action:
            for field in list(self.output_fields.keys()):
                self.actor.signature = self.actor.signature.append(field, self._get_field(self.output_fields[field]))
        else:
            self.actor.signature = self.actor.signature.append(
                f"action_{idx + 1}",  # expect: PL104
                dspy.OutputField(prefix=f"Action {idx + 1}:", desc=f"action number {idx + 1} to take"),
            )
            self.actor.signature = self.actor.signature.with_updated_fields(f"action_{idx + 1}", Action)

    def forward(self, **kwargs):
        args = {"goal": self.signature.__doc__, "tools": [tool.name for tool in self.tools]}
        idx = 1
        tool_name = None
        while tool_name != "Finish":
            actor_output = self.actor(**args)
            action = getattr(actor_output, f"action_{idx}")
            tool_name = action.tool_name
            if tool_name != "Finish":
                tool_output = self._call_tool(tool_name, action.tool_input_query)
                self._update_signature(idx)
                args[f"action_{idx}"] = action
                args[f"result_{idx}"] = tool_output
            else:
                self._update_signature(idx, omit_action=True)
                break
            idx += 1
        final_answer = self.actor(**args)
        self.actor = deepcopy(self.actor_clone)
        return final_answer
