"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/agents/agent.py (lines 18-93), trimmed; not the original text."""

from lagent.agents.aggregator.default_aggregator import DefaultAggregator
from lagent.memory.base_memory import Memory


class Agent:
    def __init__(self, llm=None, template=None, memory=None, output_format=None, aggregator=None, name=None):
        self.name = name or self.__class__.__name__
        self.llm = llm
        self.memory = memory or Memory()
        self.output_format = output_format
        self.template = template
        self.aggregator = aggregator or DefaultAggregator()

    def __call__(self, *message, session_id=0, **kwargs):
        self.memory.add(list(message))
        response = self.forward(*message, session_id=session_id, **kwargs)
        self.memory.add(response)
        return response

    def forward(self, *message, session_id=0, **kwargs):
        formatted_messages = self.aggregator.aggregate(self.memory, self.name, self.output_format, self.template)
        return self.llm.chat(formatted_messages, **kwargs)
