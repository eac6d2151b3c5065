"""Reconstruction of melih-unsal/DemoGPT@aca748b7134549d6fa80c5c3a989779919697095:demogpt/chains/chains.py (lines 73-90, 122-138, 248-258), trimmed; not the original text."""

from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts.chat import ChatPromptTemplate, HumanMessagePromptTemplate, SystemMessagePromptTemplate

from demogpt.chains.task_definitions import getTasks

from . import prompts


class Chains:
    llm = None

    @classmethod
    def getChain(cls, system_template="", human_template="", change=False, change_model="gpt-4o", temperature=0, return_type="text", **kwargs):
        prompts_ = []
        if system_template:
            prompts_.append(SystemMessagePromptTemplate.from_template(system_template))
        if human_template:
            prompts_.append(HumanMessagePromptTemplate.from_template(human_template))
        chat_prompt = ChatPromptTemplate.from_messages(prompts_)
        chain = chat_prompt | cls.llm | StrOutputParser()
        return chain.invoke(kwargs)

    @classmethod
    def planWithInputs(cls, instruction, system_inputs, app_type):
        TASK_DESCRIPTIONS, TASK_NAMES, TASK_DTYPES = getTasks(app_type)[:3]
        plan = cls.getChain(
            system_template=prompts.plan_with_inputs.system_template,
            human_template=prompts.plan_with_inputs.human_template,
            instruction=instruction,
            system_inputs=system_inputs,
            TASK_DESCRIPTIONS=TASK_DESCRIPTIONS,
            TASK_NAMES=TASK_NAMES,
            TASK_DTYPES=TASK_DTYPES,
        )
        return plan

    @classmethod
    def combine_v2(cls, code_snippets, function_names):
        code = cls.getChain(
            system_template=prompts.combine_v2.system_template,
            human_template=prompts.combine_v2.human_template,
            change=True,
            change_model="gpt-4o-mini",
            code_snippets=code_snippets,
            function_names=function_names,
            return_type="code"
        )
        return code
