"""Reconstruction of huggingface/smolagents@e3a5b8994b301983b91c0325546e9dc82eab8cf0:src/smolagents/mcp_client.py
(lines 95-165), trimmed; not the original text.
"""

from mcpadapt.core import MCPAdapt
from mcpadapt.smolagents_adapter import SmolAgentsAdapter


class MCPClient:
    def __init__(self, server_parameters, adapter_kwargs=None, structured_output: bool = False):
        adapter_kwargs = adapter_kwargs or {}
        self._adapter = MCPAdapt(server_parameters, SmolAgentsAdapter(structured_output=structured_output), **adapter_kwargs)
        self._tools = None
        self.connect()

    def connect(self):
        # the tools come in the MCP server's list_tools() order (through mcpadapt); the agent
        # renders them in that order in its system prompt and tool schemas
        self._tools = self._adapter.__enter__()  # expect: PL201

    def get_tools(self):
        return self._tools
