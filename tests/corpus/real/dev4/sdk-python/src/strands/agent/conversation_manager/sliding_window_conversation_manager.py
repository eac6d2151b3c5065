"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/agent/conversation_manager/sliding_window_conversation_manager.py (lines 34-76, 143-280, 282-359), trimmed; not the original text.

The default conversation manager of every Agent (agent.py 254). apply_management runs after each
invocation (agent.py 946): once the history is longer than the window, the oldest messages are
cut every turn, so the messages right after the system prompt differ from one request to the next.
Tool results are truncated only when the model reported a context overflow (e is not None).
"""

_PRESERVE_CHARS = 200


class SlidingWindowConversationManager:
    def __init__(self, window_size=40, should_truncate_results=True):
        self.window_size = window_size
        self.should_truncate_results = should_truncate_results
        self.removed_message_count = 0

    def apply_management(self, agent, **kwargs):
        messages = agent.messages
        if len(messages) <= self.window_size:
            return
        self.reduce_context(agent)

    def reduce_context(self, agent, e=None, **kwargs):
        messages = agent.messages
        if e is not None:
            idx = self._find_oldest_message_with_tool_results(messages)
            if idx is not None and self.should_truncate_results:
                if self._truncate_tool_results(messages, idx):
                    return
        trim_index = 2 if len(messages) <= self.window_size else len(messages) - self.window_size
        while trim_index < len(messages) and messages[trim_index]["role"] != "user":
            trim_index += 1
        self.removed_message_count += trim_index
        messages[:] = messages[trim_index:]  # expect: PL301

    def _truncate_tool_results(self, messages, msg_idx):
        message = messages[msg_idx]
        new_content = []
        changed = False
        for content in message.get("content", []):
            if "toolResult" in content:
                items = []
                for item in content["toolResult"].get("content", []):
                    text = item.get("text")
                    if text and len(text) > 2 * _PRESERVE_CHARS and "[truncated:" not in text:
                        removed = len(text) - 2 * _PRESERVE_CHARS
                        items.append(
                            {
                                "text": f"{text[:_PRESERVE_CHARS]}... [truncated: {removed} chars removed] ..."
                                f"{text[-_PRESERVE_CHARS:]}"
                            }
                        )
                        changed = True
                    else:
                        items.append(item)
                new_content.append({"toolResult": {**content["toolResult"], "content": items}})
            else:
                new_content.append(content)
        if changed:
            message["content"] = new_content
        return changed

    def _find_oldest_message_with_tool_results(self, messages):
        for idx, message in enumerate(messages):
            if any("toolResult" in content for content in message.get("content", [])):
                return idx
        return None
