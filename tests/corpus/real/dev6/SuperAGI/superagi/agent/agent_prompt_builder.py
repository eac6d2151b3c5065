"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/agent/agent_prompt_builder.py (lines 12-136), trimmed; not the original text."""

import json

from superagi.helper.token_counter import TokenCounter

FINISH_NAME = "finish"


class AgentPromptBuilder:
    @staticmethod
    def add_list_items_to_string(items: list) -> str:
        return "".join(f"{i + 1}. {item}\n" for i, item in enumerate(items))

    @classmethod
    def add_tools_to_prompt(cls, tools: list, add_finish: bool = True) -> str:
        final_string = ""
        for i, item in enumerate(tools):
            final_string += f"{i + 1}. {cls._generate_tool_string(item)}\n"
        if add_finish:
            final_string += f'{len(tools) + 1}. "{FINISH_NAME}": signal that all objectives are done, args: "response": "final response"\n\n'
        return final_string

    @classmethod
    def _generate_tool_string(cls, tool) -> str:
        output = f'"{tool.name}": {tool.description}'
        output += f", args json schema: {json.dumps(tool.args)}"
        return output

    @classmethod
    def replace_main_variables(cls, super_agi_prompt: str, goals: list, instructions: list, constraints: list, tools: list, add_finish_tool: bool = True):
        super_agi_prompt = super_agi_prompt.replace("{goals}", AgentPromptBuilder.add_list_items_to_string(goals))
        super_agi_prompt = super_agi_prompt.replace("{instructions}", AgentPromptBuilder.add_list_items_to_string(instructions))
        super_agi_prompt = super_agi_prompt.replace("{constraints}", AgentPromptBuilder.add_list_items_to_string(constraints))
        tools_string = AgentPromptBuilder.add_tools_to_prompt(tools, add_finish_tool)
        return super_agi_prompt.replace("{tools}", tools_string)

    @classmethod
    def replace_task_based_variables(cls, super_agi_prompt: str, current_task: str, last_task: str, last_task_result: str, pending_tasks: list, completed_tasks: list, token_limit: int):
        super_agi_prompt = super_agi_prompt.replace("{current_task}", current_task)
        super_agi_prompt = super_agi_prompt.replace("{last_task}", last_task)
        super_agi_prompt = super_agi_prompt.replace("{last_task_result}", last_task_result)
        super_agi_prompt = super_agi_prompt.replace("{pending_tasks}", str(pending_tasks))
        completed_tasks.reverse()
        super_agi_prompt = super_agi_prompt.replace("{completed_tasks}", str([t["task"] for t in completed_tasks]))
        pending_tokens = token_limit - TokenCounter.count_message_tokens([{"role": "user", "content": super_agi_prompt}])
        final_output = ""
        if "{task_history}" in super_agi_prompt:
            for task in reversed(completed_tasks[-10:]):
                final_output = f"Task: {task['task']}\nResult: {task['response']}\n" + final_output
                if TokenCounter.count_message_tokens([{"role": "user", "content": final_output}]) > min(600, pending_tokens):
                    break
            super_agi_prompt = super_agi_prompt.replace("{task_history}", "\n" + final_output + "\n")
        return super_agi_prompt
