"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/sdk/copilot/todo_list.py (lines 124-140), trimmed; not the original text.

The outputs still owed and interactions still pending are read from the run's
context, which the tools update while the agent loop runs.
"""


def render_todo_list(ctx) -> str | None:
    outputs = [o for o in ctx.requested_outputs if o not in ctx.produced_outputs]
    if not outputs:
        return None
    lines = ["outputs still to produce: " + ", ".join(outputs)]
    if ctx.pending_interactions:
        lines.append("interactions still to do: " + ", ".join(ctx.pending_interactions))
    return "\n".join(f"- {line}" for line in lines)


def todo_list_prompt(ctx) -> str:
    todo = render_todo_list(ctx)
    if not todo:
        return ""
    return "\n\nTODO — outstanding before you reply:\n" + todo
