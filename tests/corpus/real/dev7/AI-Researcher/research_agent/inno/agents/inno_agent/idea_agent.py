"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/agents/inno_agent/idea_agent.py (lines 28-157), trimmed; not the original text."""

from research_agent.inno.types import Agent


def get_idea_agent(model: str, **kwargs):
    file_env = kwargs.get("file_env", None)

    def instructions(context_variables):
        return f"""You are an `Idea Generation Agent` that reads the papers in `{file_env.docker_workplace}/papers/` and
generates innovative ideas, or selects and enhances the most novel of several ideas.
Use open_local_file, page_up_markdown / page_down_markdown and question_answer_on_whole_page."""

    return Agent(name="Idea Generation Agent", model=model, instructions=instructions, functions=[], tool_choice="auto")
