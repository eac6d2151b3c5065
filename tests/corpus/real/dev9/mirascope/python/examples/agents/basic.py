"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/examples/agents/basic.py (lines 8, 19-28, 66-89), trimmed; not the original text."""

# The directory listing is a tool result: made once, kept in the history as sent.
import tempfile
from pathlib import Path

from mirascope import llm

WORKSPACE = Path(tempfile.mkdtemp(prefix="agent_"))


@llm.tool
def list_files(directory: str = ".") -> str:
    """List files in a directory."""
    path = WORKSPACE / directory
    if not path.exists():
        return f"Directory not found: {directory}"
    files = [f.name + ("/" if f.is_dir() else "") for f in path.iterdir()]
    return "\n".join(files) if files else "(empty directory)"


def run_agent(model_id, query: str):
    model = llm.model(model_id)
    response = model.call(query, tools=[list_files])
    while response.tool_calls:
        response = response.resume(response.execute_tools())
    return response
