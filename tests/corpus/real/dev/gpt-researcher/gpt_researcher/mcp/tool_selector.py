"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/mcp/tool_selector.py
(lines 30-160), trimmed; not the original text.
"""

from gpt_researcher.prompts import PromptFamily
from gpt_researcher.utils.llm import create_chat_completion


class MCPToolSelector:
    def __init__(self, cfg, researcher=None):
        self.cfg = cfg
        self.researcher = researcher

    async def select_relevant_tools(self, query: str, all_tools: list, max_tools: int = 3) -> list:
        if not all_tools:
            return []
        # clean (doubtful): the list follows the MCP servers' listing order, but it is placed after
        # the per-request query in the prompt
        tools_info = []
        for i, tool in enumerate(all_tools):
            tools_info.append({"index": i, "name": tool.name, "description": tool.description or "No description available"})
        prompt = PromptFamily.generate_mcp_tool_selection_prompt(query, tools_info, max_tools)
        result = await self._call_llm_for_tool_selection(prompt)
        return result

    async def _call_llm_for_tool_selection(self, prompt: str) -> str:
        messages = [{"role": "user", "content": prompt}]
        return await create_chat_completion(
            model=self.cfg.strategic_llm_model,
            messages=messages,
            temperature=0.0,
            llm_provider=self.cfg.strategic_llm_provider,
        )
