"""Reconstruction of Future-House/paper-qa@d2c3c698fdf06986aa021812ab3186d3696438d8:src/paperqa/agents/env.py (lines 47-140, 274-290), trimmed; not the original text."""
from paperqa.utils import get_year

DEFAULT_TOOL_NAMES = ["paper_search", "gather_evidence", "gen_answer", "complete"]


def settings_to_tools(settings, llm_model=None, summary_llm_model=None, embedding_model=None):
    tools = []
    for tool_type in (
        [AVAILABLE_TOOL_NAME_TO_CLASS[name] for name in DEFAULT_TOOL_NAMES]
        if settings.agent.tool_names is None
        else [
            AVAILABLE_TOOL_NAME_TO_CLASS[name]
            for name in set(settings.agent.tool_names)  # expect: PL201
        ]
    ):
        if issubclass(tool_type, PaperSearch):
            tool = Tool.from_function(PaperSearch(settings=settings).paper_search)
            for pname in ("min_year", "max_year"):
                tool.info.get_properties()[pname]["description"] = tool.info.get_properties()[pname][
                    "description"
                ].format(current_year=get_year())
        else:
            tool = Tool.from_function(tool_type().run)
        if tool.info.name == "complete":
            tools.append(tool)
        else:
            tools.insert(0, tool)
    return tools


class PaperQAEnvironment:
    def make_tools(self):
        return settings_to_tools(self._settings)

    async def reset(self):
        self.state, self.tools = (await self.make_initial_state()), self.make_tools()
        return (
            [
                Message(
                    content=self._settings.agent.agent_prompt.format(
                        question=self.state.session.question,
                        status=self.state.status,
                        complete_tool_name="complete",
                    ),
                )
            ],
            self.tools,
        )
