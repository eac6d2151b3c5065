"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/actions/di/write_analysis_code.py (lines 21-62), with metagpt/prompts/di/write_analysis_code.py (lines 9-29), trimmed; not the original text."""

from metagpt.actions import Action
from metagpt.schema import Message
from metagpt.utils.common import CodeParser

STRUCTUAL_PROMPT = """
# User Requirement
{user_requirement}

# Plan Status
{plan_status}

# Tool Info
{tool_info}

# Constraints
- Take on Current Task if it is in Plan Status, otherwise, tackle User Requirement directly.
- Ensure the output new code is executable in the same Jupyter notebook as the previous executed code.
- Always prioritize using pre-defined tools for the same functionality.

# Output
While some concise thoughts are helpful, code is absolutely required. Always output one and only one code block in your response.
"""

INTERPRETER_SYSTEM_MSG = "As a data scientist, you need to help user to achieve their goal step by step in a continuous Jupyter notebook."


class WriteAnalysisCode(Action):
    async def run(self, user_requirement: str, plan_status: str = "", tool_info: str = "",
                  working_memory: list[Message] = None, use_reflection: bool = False,
                  memory: list[Message] = None, **kwargs) -> str:
        structual_prompt = STRUCTUAL_PROMPT.format(
            user_requirement=user_requirement,
            plan_status=plan_status,
            tool_info=tool_info,
        )
        working_memory = working_memory or []
        memory = memory or []
        context = self.llm.format_msg(memory + [Message(content=structual_prompt, role="user")] + working_memory)
        rsp = await self.llm.aask(context, system_msgs=[INTERPRETER_SYSTEM_MSG], **kwargs)
        return CodeParser.parse_code(text=rsp, lang="python")
