"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:berkeley-function-call-leaderboard/bfcl_eval/model_handler/utils.py (lines 374-440, 610-650), trimmed; not the original text."""

from bfcl_eval.constants.default_prompts import (
    MEMORY_AGENT_SETTINGS,
    MEMORY_BACKEND_INSTRUCTION_CORE_ARCHIVAL,
    MEMORY_BACKEND_INSTRUCTION_UNIFIED,
)


def formulate_system_prompt(format_sensitivity_config, functions):
    return "You are an expert in composing functions." + str(functions)


def system_prompt_pre_processing_chat_model(prompts, function_docs, test_entry_id):
    system_prompt = formulate_system_prompt(format_sensitivity_config=test_entry_id, functions=function_docs)
    if prompts[0]["role"] == "system":
        prompts[0]["content"] = system_prompt + "\n\n" + prompts[0]["content"]
    else:
        prompts.insert(0, {"role": "system", "content": system_prompt})
    return prompts


def combine_consecutive_user_prompts(prompts):
    combined_prompts = []
    for prompt in prompts:
        if prompt["role"] == "user" and combined_prompts and combined_prompts[-1]["role"] == "user":
            combined_prompts[-1]["content"] += "\n\n" + prompt["content"]
        else:
            combined_prompts.append(prompt)
    return combined_prompts


def extract_system_prompt(prompts):
    for i, prompt in enumerate(prompts):
        if prompt["role"] == "system":
            system_prompt = prompt["content"]
            del prompts[i]
            return system_prompt
    return None


def add_memory_instruction_system_prompt(prompts, test_category, scenario, memory_backend_instance):
    scenario_setting = MEMORY_AGENT_SETTINGS[scenario]
    memory_content = memory_backend_instance._dump_core_memory_to_context()
    if "rec_sum" in test_category:
        system_prompt_template = MEMORY_BACKEND_INSTRUCTION_UNIFIED
    else:
        system_prompt_template = MEMORY_BACKEND_INSTRUCTION_CORE_ARCHIVAL
    system_prompt = system_prompt_template.format(scenario_setting=scenario_setting, memory_content=memory_content)
    first_turn_prompts = prompts[0]
    if first_turn_prompts[0]["role"] == "system":
        first_turn_prompts[0]["content"] = system_prompt + "\n\n" + first_turn_prompts[0]["content"]
    else:
        first_turn_prompts.insert(0, {"role": "system", "content": system_prompt})
    return prompts
