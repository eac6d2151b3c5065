"""Reconstruction of lavague-ai/LaVague@9024bb832c40291cd012916757f27ef60469b22d:lavague-qa/lavague/qa/generator.py (lines 172-193) and lavague-qa/lavague/qa/prompts.py (lines 53-300), trimmed; not the original text."""

from typing import Any

from llama_index.core import PromptTemplate

FULL_PROMPT_TEMPLATE = PromptTemplate(
    """You are an expert in software testing frameworks and Python code generation.
Your only goal is to generate pytest-bdd files based on the provided Gherkin feature.
----------
Given this information, generate a valid pytest-bdd file with the following inputs:
Feature file name: {feature_file_name}
URL: {url}
Gherkin of the feature to be tested:{feature_file_content}
Assert statement: {expect}
Potentially relevant nodes that you may use to help you generate the assert code: {nodes}
List of already executed instructions and actions:
{actions}
"""
)

ASSERT_ONLY_PROMPT_TEMPLATE = PromptTemplate(
    """You are an expert in software testing frameworks and Python code generation.
Your only goal is to use the provided Gherkin and HTML nodes to generate a valid pytest-bdd python assert statement.
----------
Gherkin expect of the feature to be tested: Then {expect}
Potentially relevant HTML that you may use to help you generate the assert code: {html_chunks}
"""
)


class TestGenerator:
    def __init__(self, mm_llm: Any, feature_file_name: str, url: str, feature_file_content: str, expect: str) -> None:
        self.mm_llm = mm_llm
        self.feature_file_name = feature_file_name
        self.url = url
        self.feature_file_content = feature_file_content
        self.expect = expect

    def _build_prompt(self, nodes: str, actions: str) -> str:
        return FULL_PROMPT_TEMPLATE.format(
            feature_file_name=self.feature_file_name,
            url=self.url,
            feature_file_content=self.feature_file_content,
            expect=self.expect,
            nodes=nodes,
            actions=actions,
        )

    @staticmethod
    def _generate_assert_code(expect: str, html_chunks: str, llm: Any) -> str:
        prompt = ASSERT_ONLY_PROMPT_TEMPLATE.format(expect=expect, html_chunks=html_chunks)
        return llm.complete(prompt).text
