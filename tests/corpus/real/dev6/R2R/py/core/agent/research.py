"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/agent/research.py (lines 74-96,210-235), trimmed; not the original text."""

from copy import copy

from core.agent.rag import RAGAgentMixin


class ResearchAgentMixin(RAGAgentMixin):
    def _register_research_tools(self):
        research_tools = []
        for tool_name in set(self.config.research_tools):  # expect: PL201
            if tool_name == "rag":
                research_tools.append(self.rag_tool())
            elif tool_name == "reasoning":
                research_tools.append(self.reasoning_tool())
            elif tool_name == "critique":
                research_tools.append(self.critique_tool())
            elif tool_name == "python_executor":
                research_tools.append(self.python_execution_tool())
            else:
                raise ValueError(f"Unknown research tool: {tool_name}")
        self.tools = research_tools

    async def _rag(self, query: str, *args, **kwargs) -> dict:
        config_copy = copy(self.config)
        config_copy.max_iterations = 10
        default_tools = ["web_search", "web_scrape"]
        configured_tools = set(self.config.rag_tools or default_tools)
        # the inner RAG agent iterates set(rag_tools) again when it registers them
        config_copy.rag_tools = list(set(default_tools + list(configured_tools)))
        return await self.make_rag_agent(config_copy).arun(messages=[{"role": "user", "content": query}])
