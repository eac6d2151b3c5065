"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/inner_loop_search_algorithms/ReACT.py (lines 18-53, 199-314), trimmed; not the original text."""

import json

from XAgent.agent.summarize import clip_text, summarize_action, summarize_plan
from XAgent.config import CONFIG
from XAgent.message_history import Message


def make_message(now_node, max_length, config, now_dealing_task):
    if CONFIG.enable_summary:
        terminal_task_info = summarize_plan(now_dealing_task.to_json())
    else:
        terminal_task_info = json.dumps(now_dealing_task.to_json(), indent=2, ensure_ascii=False)
    message_sequence = [Message("user", f'Now you will perform the following subtask:\n"""\n{terminal_task_info}\n"""\n')]
    action_process = now_node.process
    if config.enable_summary:
        action_process = summarize_action(  # expect: PL301
            action_process, terminal_task_info)
    message_sequence.append(Message("user", f"The following steps have been performed:\n{action_process}\n"))
    return message_sequence


class ReACTChainSearch:
    def __init__(self, xagent_core_components):
        self.xagent_core_components = xagent_core_components
        self.tree_list = []

    def generate_chain(self, config, agent, arguments, functions, task_id, now_dealing_task, plan_agent):
        now_node = self.tree_list[-1].root
        while now_node.get_depth() < config.max_subtask_chain_length:
            message_sequence = make_message(now_node=now_node, max_length=config.max_subtask_chain_length, config=config, now_dealing_task=now_dealing_task)
            file_archi, _ = self.xagent_core_components.toolserver_interface.execute_command_client("FileSystemEnv_print_filesys_struture", {"return_root": True})
            file_archi, length = clip_text(file_archi, 1000, clip_end=True)
            all_plan = plan_agent.latest_plan.to_json()
            if config.enable_summary:
                all_plan = summarize_plan(all_plan)  # expect: PL104
            else:
                all_plan = json.dumps(all_plan, indent=2, ensure_ascii=False)
            new_message, tokens = agent.parse(
                placeholders={
                    "system": {"all_plan": all_plan},
                    "user": {
                        "workspace_files": file_archi,
                        "subtask_id": now_dealing_task.get_subtask_id(to_str=True),
                        "max_length": config.max_subtask_chain_length,
                        "step_num": str(now_node.get_depth() + 1),
                    },
                },
                arguments=arguments,
                functions=functions,
                additional_messages=message_sequence,
                additional_insert_index=-1,
            )
            now_node = agent.message_to_tool_node(new_message)
