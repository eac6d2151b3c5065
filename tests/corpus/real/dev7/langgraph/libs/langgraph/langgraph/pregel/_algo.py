"""Reconstruction of langchain-ai/langgraph@f09cfe8ffc1eeffd68f4b628ed69c30f7cad229f:libs/langgraph/langgraph/pregel/_algo.py (lines 232-290), trimmed; not the original text."""


def task_path_str(path: tuple) -> str:
    return "~".join(str(p) for p in path)


def apply_writes(checkpoint: dict, channels: dict, tasks: list) -> set:
    # parallel branches' writes (e.g. their messages) are applied in task-path order
    tasks = sorted(tasks, key=lambda t: task_path_str(t.path[:3]))
    updated = set()
    pending: dict = {}
    for task in tasks:
        for chan, val in task.writes:
            pending.setdefault(chan, []).append(val)
    for chan, vals in pending.items():
        if channels[chan].update(vals):
            updated.add(chan)
    return updated
