"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/tools/tool_recommend.py (lines 53-110), trimmed; not the original text."""

from pydantic import BaseModel, field_validator

from metagpt.tools.tool_registry import TOOL_REGISTRY, validate_tool_names


class ToolRecommender(BaseModel):
    tools: dict = {}
    force: bool = False

    @field_validator("tools", mode="before")
    @classmethod
    def validate_tools(cls, v):
        if isinstance(v, dict):
            return v
        if v == ["<all>"]:
            return TOOL_REGISTRY.get_all_tools()
        return validate_tool_names(v)

    async def recommend_tools(self, context: str = "", plan=None, recall_topk: int = 20, topk: int = 5):
        if not self.tools:
            return []
        if self.force or (not context and not plan):
            return list(self.tools.values())
        recalled_tools = await self.recall_tools(context=context, plan=plan, topk=recall_topk)
        if not recalled_tools:
            return []
        return await self.rank_tools(recalled_tools=recalled_tools, context=context, plan=plan, topk=topk)
