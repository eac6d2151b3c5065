"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/agent/rag_router.py (lines 8-60), trimmed; not the original text."""

RAG_ROUTER_PROMPT = """Each agent below has an index and a description of what it handles.
For the query, pick the one agent that fits best and return only its index.

## Question
{query}

## Agent Indexes and Descriptions
{description_str}

Return only the index number of the best agent:
"""


class RAGRouter:
    def __init__(self, llm, rag_agents: list, agent_descriptions: list):
        self.llm = llm
        self.rag_agents = rag_agents
        self.agent_descriptions = agent_descriptions

    def _route(self, query: str):
        description_str = "\n".join(f"[{i + 1}]: {d}" for i, d in enumerate(self.agent_descriptions))
        prompt = RAG_ROUTER_PROMPT.format(query=query, description_str=description_str)
        chat_response = self.llm.chat(messages=[{"role": "user", "content": prompt}])
        index = int(chat_response.content) - 1
        return self.rag_agents[index], chat_response.total_tokens
