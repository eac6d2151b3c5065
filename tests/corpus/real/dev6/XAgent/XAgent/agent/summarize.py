"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/agent/summarize.py (lines 11-243), trimmed; not the original text."""

from XAgent.ai_functions import function_manager
from XAgent.config import CONFIG
from XAgent.utils import ToolCallStatusCode, clip_text, get_token_nums

MAX_RETURN_LENGTH = CONFIG.summary["max_return_length"]


def summarize_action(action_process: list, task: str) -> str:
    if len(action_process) < 1:
        return "No steps found"
    raw_actions, accessed_files, last_successful_action_index = {}, [], None
    for index, action in zip(range(len(action_process) - 1, -1, -1), action_process[::-1]):
        if last_successful_action_index is None and action["tool_status_code"] == ToolCallStatusCode.TOOL_CALL_SUCCESS:
            last_successful_action_index = index
        command = action["command"]["properties"]
        if "FileSystem" in command["name"] and command["args"].get("filepath") in accessed_files:
            raw_actions[index] = [command["name"], "`Old Content has been wrapped, check latest filesystem calling`"]
        else:
            raw_actions[index] = [command["name"], str(action["tool_output"])]
            accessed_files.append(command["args"].get("filepath"))
    ret = {}
    for index in sorted(raw_actions):
        action = action_process[index]
        if "summary" not in action:
            action["summary"] = function_manager("summarize_action", action=raw_actions[index][0], current_task=task)
        ret[index] = f"[{index}] {raw_actions[index][0]}\n[{index}][summary] {action['summary']['summary']}"
    reflection = function_manager("actions_reflection", actions=clip_text("\n".join(ret.values()), MAX_RETURN_LENGTH)[0], current_task=task)
    total_length = sum(get_token_nums(v) for v in ret.values())
    for i in sorted(reflection["key_actions"], reverse=True):
        if total_length >= MAX_RETURN_LENGTH:
            break
        if i in ret and "[return]" not in ret[i]:
            s = f"\n[{i}][return] {raw_actions[i][1]}"
            total_length += get_token_nums(s)
            ret[i] += s
    return "\n".join([ret[i] for i in sorted(ret)] + [f"[suggestion] {s}" for s in reflection["suggestions"]])


def summarize_plan(plans: dict) -> str:
    summary = []

    def recursive_summary(plan: dict):
        summary.append("\n".join([f"[Task ID] {plan['task_id']}", f"[Name] {plan['name']}", f"[Goal] {plan['goal']}", f"[Status] {plan['exceute_status']}"]))
        for subtask in plan.get("subtask", []):
            recursive_summary(subtask)

    recursive_summary(plans)
    ret = []
    for plan in summary:
        ret.append(plan)
    return "\n".join(ret)
