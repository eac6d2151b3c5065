"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/tools/searchable_toolset.py (lines 225-322), trimmed; not the original text."""

from haystack.tools.from_function import create_tool_from_function
from haystack.tools.toolset import Toolset


class SearchableToolset(Toolset):
    def _create_search_tool(self):
        tool_by_name = {tool.name: tool for tool in self._catalog}

        def search_tools(tool_keywords: str, k: int | None = None) -> str:
            """Find tools by keywords; the found tools become available on the next step."""
            filters = None
            if self._selected_tool_names is not None:
                filters = {"field": "meta.tool_name", "operator": "in", "value": list(self._selected_tool_names)}
            results = self._document_store.bm25_retrieval(query=tool_keywords, top_k=k or self._top_k, filters=filters)
            if not results:
                return "No tools found matching these keywords."
            tool_names = []
            for doc in results:
                tool = tool_by_name[doc.meta["tool_name"]]
                self._discovered_tools[tool.name] = tool  # expect: PL104
                tool_names.append(tool.name)
            return f"Found and loaded {len(tool_names)} tool(s): {', '.join(tool_names)}."

        return create_tool_from_function(function=search_tools, name=self._search_tool_name)

    def _is_selected(self, name: str) -> bool:
        return self._selected_tool_names is None or name in self._selected_tool_names

    def __iter__(self):
        self.warm_up()
        if self._passthrough:
            yield from (tool for tool in self._catalog if self._is_selected(tool.name))
        else:
            if self._bootstrap_tool is not None:
                yield self._bootstrap_tool
            yield from (tool for tool in self._discovered_tools.values() if self._is_selected(tool.name))
