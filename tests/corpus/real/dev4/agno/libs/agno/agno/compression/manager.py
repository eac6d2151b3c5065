"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/compression/manager.py (lines 50-170), trimmed; not the original text.

Once compress_tool_results_limit (3) uncompressed tool results have piled up, each of them is
compressed once; the compressed text is what later requests send for those results.
"""


class CompressionManager:
    def __init__(self, model, compress_tool_results_limit=None, compress_token_limit=None):
        self.model = model
        self.compress_tool_results_limit = compress_tool_results_limit
        self.compress_token_limit = compress_token_limit
        if self.compress_tool_results_limit is None and self.compress_token_limit is None:
            self.compress_tool_results_limit = 3

    def should_compress(self, messages):
        if self.compress_tool_results_limit is None:
            return False
        uncompressed = [m for m in messages if m.role == "tool" and m.compressed_content is None]
        return len(uncompressed) >= self.compress_tool_results_limit

    def _compress_tool_result(self, tool_msg):
        return self.model.response(f"Compress this tool result, keep the facts:\n{tool_msg.content}")

    def compress(self, messages):
        uncompressed_tools = [msg for msg in messages if msg.role == "tool" and msg.compressed_content is None]
        for tool_msg in uncompressed_tools:
            compressed = self._compress_tool_result(tool_msg)
            if compressed:
                tool_msg.compressed_content = compressed
