"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/processors/aggregators/llm_context.py (lines 91-113, 209-262, 361-394), trimmed; not the original text.

The universal context every service adapter reads: a message list appended to turn by turn.
"""


class LLMSpecificMessage:
    def __init__(self, llm, message):
        self.llm = llm
        self.message = message


class LLMContext:
    def __init__(self, messages=None, tools=None, tool_choice=None):
        self._messages = list(messages or [])
        self._tools = tools
        self._tool_choice = tool_choice

    @property
    def messages(self):
        return self.get_messages()

    @property
    def tools(self):
        return self._tools

    @property
    def tool_choice(self):
        return self._tool_choice

    def get_messages(self, llm_specific_filter=None):
        if llm_specific_filter is None:
            return self._messages
        return [
            m
            for m in self._messages
            if not isinstance(m, LLMSpecificMessage) or m.llm == llm_specific_filter
        ]

    def add_message(self, message):
        self._messages.append(message)

    def set_messages(self, messages):
        self._messages[:] = messages

    def set_tools(self, tools):
        self._tools = tools
