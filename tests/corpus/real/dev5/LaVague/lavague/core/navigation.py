"""Reconstruction of lavague-ai/LaVague@9024bb832c40291cd012916757f27ef60469b22d:lavague-core/lavague/core/navigation.py (lines 29-42, 95-185, 417-480), trimmed; not the original text."""

import re
from typing import Any

from llama_index.core import PromptTemplate, QueryBundle

from lavague.core.base_driver import BaseDriver

NAVIGATION_ENGINE_PROMPT_TEMPLATE = PromptTemplate(
    """
{driver_capability}

Here is a the next example to answer:

HTML:
{context_str}
Authorized Xpaths: {authorized_xpaths}
Query: {query_str}
Completion:

"""
)


def extract_xpaths_from_html(html: str) -> list[str]:
    return re.findall(r'xpath=["\'](.*?)["\']', html)


class NavigationEngine:
    def __init__(self, driver: BaseDriver, llm: Any, retriever: Any, n_attempts: int = 5) -> None:
        self.driver = driver
        self.llm = llm
        self.retriever = retriever
        self.n_attempts = n_attempts
        self.prompt_template = NAVIGATION_ENGINE_PROMPT_TEMPLATE.partial_format(
            driver_capability=driver.get_capability()
        )

    def get_nodes(self, query: str) -> list[str]:
        html = self.driver.get_html()
        return self.retriever.retrieve(QueryBundle(query_str=query), [html], not self.driver.previously_scanned)

    def get_action_from_context(self, context: str, query: str) -> str:
        prompt = self.prompt_template.format(
            context_str=context,
            query_str=query,
            authorized_xpaths=extract_xpaths_from_html(context),
        )
        return self.llm.complete(prompt).text

    def execute_instruction(self, instruction: str) -> str:
        llm_context = "\n".join(self.get_nodes(instruction))
        response = ""
        for _ in range(self.n_attempts):
            prompt = self.prompt_template.format(
                context_str=llm_context,
                query_str=instruction,
                authorized_xpaths=extract_xpaths_from_html(llm_context),
            )
            response = self.llm.complete(prompt).text
            if response:
                break
        return response
