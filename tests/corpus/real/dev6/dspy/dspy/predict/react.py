"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/predict/react.py (lines 14-200), trimmed; not the original text."""

import dspy
from dspy.adapters.types.tool import Tool


class ReAct(dspy.Module):
    def __init__(self, signature, tools: list, max_iters: int = 20):
        super().__init__()
        self.signature = signature
        self.max_iters = max_iters
        tools = [t if isinstance(t, Tool) else Tool(t) for t in tools]
        tools = {tool.name: tool for tool in tools}
        instr = [f"{signature.instructions}\n", "You are an Agent. The tool must be one of:\n"]
        for idx, tool in enumerate(tools.values()):
            instr.append(f"({idx + 1}) {tool}")
        self.tools = tools
        self.react = dspy.Predict(dspy.Signature({**signature.input_fields}, "\n".join(instr)).append("trajectory", dspy.InputField(), type_=str))

    def forward(self, **input_args):
        trajectory = {}
        for idx in range(self.max_iters):
            pred = self._call_with_potential_trajectory_truncation(self.react, trajectory, **input_args)
            trajectory[f"thought_{idx}"] = pred.next_thought
            trajectory[f"tool_name_{idx}"] = pred.next_tool_name
            trajectory[f"tool_args_{idx}"] = pred.next_tool_args
            trajectory[f"observation_{idx}"] = self.tools[pred.next_tool_name](**pred.next_tool_args)
            if pred.next_tool_name == "finish":
                break
        return dspy.Prediction(trajectory=trajectory)

    def _call_with_potential_trajectory_truncation(self, module, trajectory, **input_args):
        for _ in range(3):
            try:
                return module(**input_args, trajectory=self._format_trajectory(trajectory))
            except dspy.utils.exceptions.ContextWindowExceededError:
                trajectory = self.truncate_trajectory(trajectory)
        raise RuntimeError("context window exceeded")

    def truncate_trajectory(self, trajectory):
        keys = list(trajectory.keys())
        if len(keys) <= 4:
            raise RuntimeError("cannot truncate")
        for key in keys[:4]:
            trajectory.pop(key)
        return trajectory
