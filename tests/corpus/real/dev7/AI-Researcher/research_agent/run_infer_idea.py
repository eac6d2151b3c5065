"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/run_infer_idea.py (lines 160-185, 236-355), trimmed; not the original text.

One pipeline run per benchmark instance: each agent gets one long user query; the
implementation query puts the run's idea and survey ahead of ~1,200 tokens of fixed requirements.
"""

IMPLEMENTATION_REQUIREMENTS = """PROJECT STRUCTURE REQUIREMENTS:
1. Directory organisation: data/, model/, training/, testing/, data_processing/ and
   run_training_testing.py under the project folder.
2. Implement every component of the survey notes, no placeholders.
3. One actual dataset, exactly two epochs of training, then testing.
(About 1,200 tokens of fixed requirements, workflow and checklist follow in the original.)
"""


class InnoFlow:
    def __init__(self, idea_agent, ml_agent):
        self.idea_agent = idea_agent
        self.ml_agent = ml_agent

    async def forward(self, idea_query: str, prepare_res: str, dataset_description: str, workplace_name: str):
        messages = [{"role": "user", "content": idea_query}]
        context_variables = {"working_dir": workplace_name, "notes": []}
        survey_messages, context_variables = await self.idea_agent(messages, context_variables)
        ideas = [survey_messages[-1]["content"]]
        for i in range(4):
            # the thread grows by what the agent produced, as it was sent
            messages.extend(survey_messages)
            messages.append({"role": "user", "content": "please survey again and give me another idea"})
            survey_messages, context_variables = await self.idea_agent(messages, context_variables, iter_times=i + 1)
            ideas.append(survey_messages[-1]["content"])
        survey_res = ideas[-1]

        ml_dev_query = (
            "INPUT:\nYou are given an innovative idea:\n"
            f"{survey_res}.\n"  # expect: PL104
            "and the reference codebases chosen by the `Prepare Agent`:\n"
            f"{prepare_res}\n"
            "We have already selected the following datasets as experimental datasets:\n"
            f"{dataset_description}\n"
            + IMPLEMENTATION_REQUIREMENTS.replace("project folder", f"/{workplace_name}/project")
        )
        messages = [{"role": "user", "content": ml_dev_query}]
        ml_dev_messages, context_variables = await self.ml_agent(messages, context_variables)
        return ml_dev_messages[-1]["content"]
