"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/base.py (lines 17-80), trimmed; not the original text."""

from string import Template
from typing import Set

from pydantic import BaseModel, Field

from agentverse.llms import BaseLLM
from agentverse.llms.utils import count_string_tokens
from agentverse.memory import BaseMemory, ChatHistoryMemory


class BaseAgent(BaseModel):
    name: str
    llm: BaseLLM
    prepend_prompt_template: str = Field(default="")
    append_prompt_template: str = Field(default="")
    prompt_template: str = Field(default="")
    role_description: str = Field(default="")
    memory: BaseMemory = Field(default_factory=ChatHistoryMemory)
    max_retry: int = Field(default=3)
    receiver: Set[str] = Field(default=set({"all"}))

    def get_all_prompts(self, **kwargs):
        prepend_prompt = Template(self.prepend_prompt_template).safe_substitute(**kwargs)
        append_prompt = Template(self.append_prompt_template).safe_substitute(**kwargs)
        num_tokens = count_string_tokens(prepend_prompt, self.llm.args.model) + count_string_tokens(append_prompt, self.llm.args.model)
        return prepend_prompt, append_prompt, num_tokens
