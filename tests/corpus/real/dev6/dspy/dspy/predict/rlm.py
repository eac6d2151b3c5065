"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/predict/rlm.py (lines 359-367, 666-681), trimmed; not the original text."""

import dspy


class RLM(dspy.Module):
    def _build_action_signature(self, instructions: str):
        return (
            dspy.Signature({}, instructions)
            .append("variables_info", dspy.InputField(desc="Metadata about the variables available in the REPL"), type_=str)
            .append("repl_history", dspy.InputField(desc="Previous REPL code executions and their outputs"), type_=str)
            .append("iteration", dspy.InputField(desc="Current iteration number (1-indexed) out of max_iters"), type_=str)
        )

    def _execute_iteration(self, repl, variables, history, iteration: int, input_args, output_field_names):
        variables_info = [variable.format() for variable in variables]
        action = self.generate_action(
            variables_info=variables_info,
            repl_history=history,
            iteration=f"{iteration + 1}/{self.max_iters}",
        )
        return self._process_execution_result(action, action.code, repl.execute(action.code), history, output_field_names)
