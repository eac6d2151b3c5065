"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:deep_agents/benchmark.py
(lines 25-60), trimmed; not the original text.
"""

from datetime import datetime

from deepagents import create_deep_agent

# clean (doubtful): the date is computed once, when the module is imported: the system prompt is
# the same for every request of a benchmark run
SYSTEM_PROMPT = f"""You are an expert researcher. Today's date is \
{datetime.now().strftime('%B %d, %Y')}. Research the user's question with your tools and answer it \
from the sources you found, not from memory; say so when you could not find the answer. End with a \
short, direct answer."""


def build_baseline_agent(model, tools):
    return create_deep_agent(model=model, tools=tools, system_prompt=SYSTEM_PROMPT)
