"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/workflow/plan_exec.py (lines 76-107, 144-316), trimmed; not the original text."""

import json
from copy import deepcopy

import json5

from XAgent.agent.summarize import summarize_plan
from XAgent.ai_functions import function_manager
from XAgent.config import CONFIG
from XAgent.message_history import Message
from XAgent.utils import RequiredAbilities


class PlanRefineChain:
    def __init__(self, init_plan):
        self.plans = [deepcopy(init_plan)]
        self.functions = []

    def parse_to_message_list(self, flag_changed) -> list:
        init_message = summarize_plan(self.plans[0].to_json()) if CONFIG.enable_summary else json.dumps(self.plans[0].to_json(), indent=2, ensure_ascii=False)
        output_list = [Message("user", f"The initial plan and the execution status is:\n'''\n{init_message}\n'''\n\n")]
        for k, (function, output_plan) in enumerate(zip(self.functions, self.plans[1:])):
            output_list.append(Message("user", f"For the {k + 1}'th step, you made this operation:\nfunction_name: {function['name']}\n'''\n{json.dumps(function['input'], indent=2, ensure_ascii=False)}\n'''\nIts result:\n{function['output']}\n"))
        if len(self.plans) > 1:
            if flag_changed:
                output_list.append(Message("user", f"The total plan changed to follows:\n'''\n{summarize_plan(self.plans[-1].to_json())}\n'''\n\n"))
            else:
                output_list.append(Message("user", "The total plan stay unchanged"))
        return output_list


class PlanAgent:
    def __init__(self, config, query, avaliable_tools_description_list: list):
        self.config = config
        self.query = query
        self.avaliable_tools_description_list = avaliable_tools_description_list
        self.plan = None
        self.refine_chains = []

    def initial_plan_generation(self, agent_dispatcher):
        split_functions = deepcopy(function_manager.get_function_schema("subtask_split_operation"))
        agent = agent_dispatcher.dispatch(RequiredAbilities.plan_generation, target_task=f"Generate a plan to accomplish the task: {self.query.task}")
        new_message, _ = agent.parse(
            placeholders={
                "system": {"avaliable_tool_names": str([cont["name"] for cont in self.avaliable_tools_description_list])},
                "user": {"query": self.plan.data.raw},
            },
            arguments=deepcopy(function_manager.get_function_schema("simple_thought")["parameters"]),
            functions=[split_functions],
        )
        return json5.loads(new_message["function_call"]["arguments"])

    def plan_refine_mode(self, now_dealing_task, toolserver_interface, agent_dispatcher):
        self.refine_chains.append(PlanRefineChain(self.plan))
        modify_steps = 0
        max_step = self.config.max_plan_refine_chain_length
        agent = agent_dispatcher.dispatch(RequiredAbilities.plan_refinement, target_task="Refine the given plan.")
        workspace_files = str(toolserver_interface.execute_command_client("FileSystemEnv_print_filesys_struture", {"return_root": True}))
        while modify_steps < max_step:
            flag_changed = False
            additional_message_list = self.refine_chains[-1].parse_to_message_list(flag_changed)
            functions = [deepcopy(function_manager.get_function_schema("subtask_operations"))]
            new_message, _ = agent.parse(
                placeholders={
                    "system": {
                        "avaliable_tool_names": str([cont["name"] for cont in self.avaliable_tools_description_list]),
                        "max_plan_tree_width": self.config.max_plan_tree_width,
                        "max_plan_tree_depth": self.config.max_plan_tree_depth,
                    },
                    "user": {
                        "subtask_id": now_dealing_task.get_subtask_id(to_str=True),
                        "max_step": max_step,
                        "modify_steps": modify_steps,
                        "workspace_files": workspace_files,
                    },
                },
                arguments=deepcopy(function_manager.get_function_schema("simple_thought")["parameters"]),
                functions=functions,
                additional_messages=additional_message_list,
                additional_insert_index=-1,
            )
            function_input = json5.loads(new_message["function_call"]["arguments"])
            if function_input["operation"] == "exit":
                return
            modify_steps += 1
