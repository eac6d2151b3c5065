"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/tech_lead.py (lines 175-256), trimmed; not the original text."""

from uuid import uuid4

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo
from core.agents.mixins import RelevantFilesMixin


class TechLead(RelevantFilesMixin, BaseAgent):
    async def plan_epic(self, epic):
        if epic.get("source") == "feature":
            await self.get_relevant_files(user_feedback=epic.get("description"))
        llm = self.get_llm("TechLead.plan")
        # plan.prompt: app details and the implemented files (state) ahead of the fixed planning rules
        convo = (
            AgentConvo(self)  # expect: PL104
            .template(
                "plan",
                epic=epic,
                task_type=self.current_state.current_epic.get("source", "app"),
                existing_summary=None,
                get_only_api_files=True,
            )
            .require_schema(DevelopmentPlan)
        )
        response = await llm(convo, parser=JSONParser(DevelopmentPlan))
        convo.remove_last_x_messages(1)
        formatted_epics = [f"Epic #{index}: {epic.description}" for index, epic in enumerate(response.plan, start=1)]
        epics_string = "\n\n".join(formatted_epics)
        convo = convo.assistant(epics_string)
        llm = self.get_llm("TechLead.epic_breakdown")
        for sub_epic_number, sub_epic in enumerate(response.plan, start=1):
            convo = convo.template(
                "epic_breakdown",
                epic_number=sub_epic_number,
                epic_description=sub_epic.description,
                get_only_api_files=True,
            ).require_schema(EpicPlan)
            epic_plan = await llm(convo, parser=JSONParser(EpicPlan))
            self.next_state.tasks = self.next_state.tasks + [
                {"id": uuid4().hex, "description": task.description, "sub_epic_id": sub_epic_number}
                for task in epic_plan.plan
            ]
            convo.remove_last_x_messages(2)
