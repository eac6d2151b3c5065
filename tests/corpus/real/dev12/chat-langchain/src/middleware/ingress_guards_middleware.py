"""Reconstruction of langchain-ai/chat-langchain@f0e28040d768690c37e9cf8e040eb8dc09b93ed1:src/middleware/ingress_guards_middleware.py (lines 17-75), trimmed; not the original text."""

from langchain.agents.middleware import AgentMiddleware

MAX_MESSAGE_CHARS = 50_000


class IngressGuardsMiddleware(AgentMiddleware):
    def before_agent(self, state, runtime):
        messages = state.get("messages", [])
        for message in reversed(messages):
            if getattr(message, "type", None) == "human":
                capped = self._truncate_content(message.content)
                if capped is not message.content:
                    message.content = capped
                    return {"messages": [message]}
                break
        return None

    def _truncate_content(self, content):
        if isinstance(content, str):
            return content[:MAX_MESSAGE_CHARS] if len(content) > MAX_MESSAGE_CHARS else content
        return content
