"""Reconstruction of melih-unsal/DemoGPT@aca748b7134549d6fa80c5c3a989779919697095:demogpt_agenthub/agents/base.py (lines 12-62), trimmed; not the original text."""

import inspect

from langchain_core.output_parsers import JsonOutputParser, StrOutputParser
from langchain_core.prompts import ChatPromptTemplate

from demogpt_agenthub.prompts.agents.tool_calling import final_answer, tool_decider


class BaseAgent:
    def __init__(self, tools, llm, verbose=False, max_iter=10):
        self.llm = llm
        self.tool_decider_prompt = ChatPromptTemplate.from_messages([
            ("system", tool_decider.system_template),
            ("human", tool_decider.human_template)
        ])
        self.tool_decider = self.tool_decider_prompt | self.llm | JsonOutputParser()
        self.final_answer_prompt = ChatPromptTemplate.from_messages([
            ("system", final_answer.system_template),
            ("human", final_answer.human_template)
        ])
        self.final_answer = self.final_answer_prompt | self.llm | StrOutputParser()
        self.history = []
        self.tools = {tool.name: tool for tool in tools}
        self.max_iter = max_iter

    @property
    def tool_explanations(self):
        explanations = {}
        for tool in self.tools.values():
            sig = inspect.signature(tool.run)
            params = [f"{name}: any" for name, param in sig.parameters.items() if name != 'self']
            explanations[tool.name] = {
                "description": tool.description,
                "run_description": tool.run.__doc__ or "No description available",
                "parameters": f"Input parameters: ({', '.join(params)})"
            }
        return explanations

    @property
    def context(self):
        return "\n".join([f"{name}: {message}" for name, message in self.history])

    def add_message(self, name, message):
        self.history.append((name, message))
