"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/run_infer_plan.py (lines 199-320), trimmed; not the original text.

The plan-driven twin of run_infer_idea.py: the same implementation query, opened with the task's
instructions instead of a generated idea.
"""

IMPLEMENTATION_REQUIREMENTS = """PROJECT STRUCTURE REQUIREMENTS:
Project folders for data, model, training, testing and data processing; every component of the
survey notes implemented; one actual dataset; two epochs of training, then testing.
(About 1,200 tokens of fixed requirements follow in the original.)
"""


class InnoFlow:
    def __init__(self, ml_agent):
        self.ml_agent = ml_agent

    async def forward(self, metadata: dict, prepare_res: str, survey_res: str, context_variables: dict):
        ml_dev_query = (
            "INPUT:\nYou are given an innovative idea:\n"
            f"{metadata['task_instructions']}.\n"  # expect: PL104
            "and the reference codebases chosen by the `Prepare Agent`:\n"
            f"{prepare_res}\n"
            "and the model survey notes:\n"
            f"{survey_res}\n"
            + IMPLEMENTATION_REQUIREMENTS
        )
        messages = [{"role": "user", "content": ml_dev_query}]
        ml_dev_messages, context_variables = await self.ml_agent(messages, context_variables)
        return ml_dev_messages[-1]["content"]
