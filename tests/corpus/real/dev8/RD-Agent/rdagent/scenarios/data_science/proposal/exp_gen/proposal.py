"""Reconstruction of microsoft/RD-Agent@471eb30d1ec03f35631c532c58a52ce75d684037:rdagent/scenarios/data_science/proposal/exp_gen/proposal.py (lines 609-672, 1345-1405), trimmed; not the original text.

hypothesis_gen's system prompt (prompts_v2.yaml hypothesis_gen.system, ~16,000 characters)
carries the user's instructions of the last failed experiment about halfway through, ahead of
~8,500 characters of fixed guidance and the output format.
"""

from rdagent.oai.backend import APIBackend
from rdagent.utils.agent.tpl import T


class DSProposalV2ExpGen:
    supports_response_schema = False

    def hypothesis_gen(self, scenario_desc: str, exp_feedback_list_desc: str, sota_exp_desc: str, problems: dict, pipeline: bool, former_user_instructions=None) -> str:
        problem_formatted_str = ""
        for i, (problem_name, problem_dict) in enumerate(problems.items()):
            problem_formatted_str += f"## {i+1}. {problem_name}\n{problem_dict['problem']}\n\n"
        sys_prompt = T(".prompts_v2:hypothesis_gen.system").r(
            pipeline=pipeline,
            former_user_instructions_str=str(former_user_instructions) if former_user_instructions else None,  # expect: PL104
        )
        user_prompt = T(".prompts_v2:hypothesis_gen.user").r(
            scenario_desc=scenario_desc,
            exp_and_feedback_list_desc=exp_feedback_list_desc,
            sota_exp_desc=sota_exp_desc,
            problems=problem_formatted_str,
        )
        return APIBackend().build_messages_and_create_chat_completion(user_prompt=user_prompt, system_prompt=sys_prompt, json_mode=True)

    def gen(self, trace, failed_exp_feedback_list):
        if not failed_exp_feedback_list:
            former_user_instructions = None
        else:
            former_user_instructions = failed_exp_feedback_list[-1][0].user_instructions
        return self.hypothesis_gen(
            scenario_desc=trace.scen.get_scenario_all_desc(),
            exp_feedback_list_desc="",
            sota_exp_desc="",
            problems={},
            pipeline=True,
            former_user_instructions=former_user_instructions,
        )
