"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/agent/rag.py (lines 72-100), trimmed; not the original text."""

from core.base.agent.tools.registry import ToolRegistry


class RAGAgentMixin:
    def _register_tools(self):
        if not self.config.rag_tools:
            return
        if getattr(self, "tool_registry", None) is None:
            self.tool_registry = ToolRegistry()
        format_function = self.format_search_results_for_llm
        for tool_name in set(self.config.rag_tools):  # expect: PL201
            if tool_instance := self.tool_registry.create_tool_instance(tool_name, format_function, context=self):
                self._tools.append(tool_instance)
