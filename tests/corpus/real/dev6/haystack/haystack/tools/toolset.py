"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/tools/toolset.py (lines 313-350), trimmed; not the original text."""


class Toolset:
    def __init__(self, tools=None):
        self.tools = list(tools or [])

    def __iter__(self):
        return iter(self.tools)


class _ToolsetWrapper(Toolset):
    def __init__(self, toolsets):
        super().__init__()
        self.toolsets = toolsets
        self._selected_tool_names: set[str] | None = None

    def __iter__(self):
        for toolset in self.toolsets:
            for tool in toolset:
                if self._selected_tool_names is None or tool.name in self._selected_tool_names:
                    yield tool

    def spawn(self, selected_tool_names: set[str] | None = None) -> "_ToolsetWrapper":
        new = _ToolsetWrapper([toolset.spawn(selected_tool_names=selected_tool_names) for toolset in self.toolsets])
        new._selected_tool_names = set(selected_tool_names) if selected_tool_names is not None else None
        return new
