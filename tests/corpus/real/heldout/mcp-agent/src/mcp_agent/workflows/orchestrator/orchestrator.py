"""Reconstruction of lastmile-ai/mcp-agent@04cae7ea5ba3a5c4e62c22884938699c73705651:src/mcp_agent/workflows/orchestrator/orchestrator.py (lines 612-642), trimmed; not the original text."""
from mcp_agent.workflows.orchestrator.orchestrator_prompts import FULL_PLAN_PROMPT_TEMPLATE


class Orchestrator:
    async def _get_full_plan(self, objective, plan_result, request_params=None):
        agents = "\n".join([f"{idx}. {self._format_agent_info(agent)}" for idx, agent in enumerate(self.agents, 1)])
        prompt = FULL_PLAN_PROMPT_TEMPLATE.format(objective=objective, plan_result=str(plan_result), agents=agents)
        return await self.planner.generate_structured(message=prompt, response_model=dict, request_params=request_params)
