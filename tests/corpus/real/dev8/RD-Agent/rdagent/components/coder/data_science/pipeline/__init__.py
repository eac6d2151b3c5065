"""Reconstruction of microsoft/RD-Agent@471eb30d1ec03f35631c532c58a52ce75d684037:rdagent/components/coder/data_science/pipeline/__init__.py (lines 54-116), trimmed; not the original text.

The pipeline coder's system prompt (prompts.yaml pipeline_coder.system, ~11,000 characters):
a short role line, the task description, the runtime environment, the spec, the previous
failed attempts, then a long fixed workflow section.
"""

from rdagent.components.coder.CoSTEER.evolving_strategy import MultiProcessEvolvingStrategy
from rdagent.oai.backend import APIBackend
from rdagent.utils.agent.ret import PythonAgentOut
from rdagent.utils.agent.tpl import T


class CoderError(Exception):
    pass


class PipelineMultiProcessEvolvingStrategy(MultiProcessEvolvingStrategy):
    def implement_one_task(self, target_task, queried_knowledge=None, workspace=None, prev_task_feedback=None) -> dict:
        competition_info = self.scen.get_scenario_all_desc(eda_output=workspace.file_dict.get("EDA.md", None))
        data_folder_info = self.scen.processed_data_folder_description
        pipeline_task_info = target_task.get_task_information()  # expect: PL104

        queried_former_failed_knowledge = (
            queried_knowledge.task_to_former_failed_traces[pipeline_task_info] if queried_knowledge is not None else ([], None)
        )
        queried_former_failed_knowledge = (
            [k for k in queried_former_failed_knowledge[0] if k.implementation.file_dict.get("main.py") != workspace.file_dict.get("main.py")],
            queried_former_failed_knowledge[1],
        )
        system_prompt = T(".prompts:pipeline_coder.system").r(
            task_desc=pipeline_task_info,
            queried_former_failed_knowledge=queried_former_failed_knowledge[0],
            out_spec=PythonAgentOut.get_spec(),
            runtime_environment=self.scen.get_runtime_environment(),
            package_info=target_task.package_info,
        )
        user_prompt = T(".prompts:pipeline_coder.user").r(
            competition_info=competition_info,
            folder_spec=data_folder_info,
            latest_code=workspace.file_dict.get("main.py"),
            latest_code_feedback=prev_task_feedback,
        )
        for _ in range(5):
            pipeline_code = PythonAgentOut.extract_output(
                APIBackend().build_messages_and_create_chat_completion(user_prompt=user_prompt, system_prompt=system_prompt)
            )
            if pipeline_code != workspace.file_dict.get("main.py"):
                break
            # The retry note goes to the end of the final user message.
            user_prompt = user_prompt + "\nPlease avoid generating same code to former code!"
        else:
            raise CoderError("Failed to generate a new pipeline code.")
        return {"main.py": pipeline_code}
