"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/legacy/graph.py (lines 60-98), trimmed; not the original text."""

from langchain.chat_models import init_chat_model
from langchain_core.messages import HumanMessage, SystemMessage

from legacy.configuration import Configuration
from legacy.prompts import report_planner_query_writer_instructions
from legacy.state import Queries
from legacy.utils import get_today_str


async def generate_report_plan(state, config):
    topic = state["topic"]
    configurable = Configuration.from_runnable_config(config)
    writer_model = init_chat_model(model=configurable.writer_model, model_provider=configurable.writer_provider)
    structured_llm = writer_model.with_structured_output(Queries)
    system_instructions_query = report_planner_query_writer_instructions.format(
        topic=topic,
        report_organization=configurable.report_structure,
        number_of_queries=configurable.number_of_queries,
        today=get_today_str(),
    )
    results = await structured_llm.ainvoke(
        [
            SystemMessage(content=system_instructions_query),
            HumanMessage(content="Generate search queries for planning the report's sections."),
        ]
    )
    return [q.search_query for q in results.queries]
