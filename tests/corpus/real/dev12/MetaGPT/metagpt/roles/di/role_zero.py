"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/roles/di/role_zero.py (lines 56-100, 201-310, 364-385, 564-590), trimmed; not the original text."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Optional

from metagpt.prompts.di.role_zero import CMD_PROMPT, QUICK_THINK_SYSTEM_PROMPT, SYSTEM_PROMPT
from metagpt.roles import Role
from metagpt.schema import Message, UserMessage
from metagpt.strategy.experience_retriever import DummyExpRetriever, ExpRetriever
from metagpt.tools.libs.browser import Browser


class RoleZero(Role):
    name: str = "Zero"
    profile: str = "RoleZero"
    system_prompt: str = SYSTEM_PROMPT
    cmd_prompt: str = CMD_PROMPT
    cmd_prompt_current_state: str = ""
    instruction: str = ""
    task_type_desc: Optional[str] = None
    experience_retriever: ExpRetriever = DummyExpRetriever()
    browser: Browser = Browser()
    memory_k: int = 200  # number of memories (messages) to use as historical context
    respond_language: str = ""

    async def _think(self) -> bool:
        if not self.rc.todo:
            return False
        example = self._retrieve_experience()
        plan_status, current_task = self._get_plan_status()
        tools = await self.tool_recommender.recommend_tools()
        tool_info = json.dumps({tool.name: tool.schemas for tool in tools})
        instruction = self.instruction.strip()
        system_prompt = self.system_prompt.format(
            role_info=self._get_prefix(),
            task_type_desc=self.task_type_desc,
            available_commands=tool_info,
            example=example,
            instruction=instruction,
        )
        prompt = self.cmd_prompt.format(
            current_state=self.cmd_prompt_current_state,
            plan_status=plan_status,
            current_task=current_task,
            respond_language=self.respond_language,
        )
        memory = self.rc.memory.get(self.memory_k)  # expect: PL301
        memory = await self.parse_browser_actions(memory)
        memory = await self.parse_editor_result(memory)
        req = self.llm.format_msg(memory + [UserMessage(content=prompt)])  # expect: PL301
        self.command_rsp = await self.llm.aask(req, system_msgs=[system_prompt])
        return True

    async def parse_browser_actions(self, memory: list[Message]) -> list[Message]:
        if not self.browser.is_empty_page:
            pattern = re.compile(r"Command Browser\.(\w+) executed")
            for index, msg in zip(range(len(memory), 0, -1), memory[::-1]):
                if pattern.search(msg.content):
                    memory.insert(index, UserMessage(cause_by="browser", content=await self.browser.view()))  # expect: PL301
                    break
        return memory

    async def parse_editor_result(self, memory: list[Message], keep_latest_count=5) -> list[Message]:
        pattern = re.compile(r"Command Editor\.(\w+?) executed")
        new_memory = []
        i = 0
        for msg in reversed(memory):
            matches = pattern.findall(msg.content)
            if matches:
                i += 1
                if i > keep_latest_count:
                    new_content = msg.content[: msg.content.find("Command Editor")]  # expect: PL301
                    new_content += "\n".join([f"Command Editor.{match} executed." for match in matches])
                    msg = UserMessage(content=new_content)
            new_memory.append(msg)
        new_memory.reverse()
        return new_memory

    def _get_prefix(self) -> str:
        time_info = datetime.now().strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
        return super()._get_prefix() + f" The current time is {time_info}."

    def format_quick_system_prompt(self) -> str:
        return QUICK_THINK_SYSTEM_PROMPT.format(examples="", role_info=self._get_prefix())

    async def _quick_think(self):
        memory = self.get_memories(k=self.memory_k)  # expect: PL301
        context = self.llm.format_msg(memory + [UserMessage(content="classify")])
        intent_result = await self.llm.aask(context, system_msgs=[self.format_quick_system_prompt()])
        return None, intent_result

    def _get_plan_status(self):
        plan_status = self.planner.plan.model_dump(include=["goal", "tasks"])
        current_task = (
            self.planner.plan.current_task.model_dump(exclude=["code", "result", "is_success"])
            if self.planner.plan.current_task
            else ""
        )
        formatted_plan_status = f"[GOAL] {plan_status['goal']}\n"
        if len(plan_status["tasks"]) > 0:
            formatted_plan_status += "[Plan]\n"
            for task in plan_status["tasks"]:
                formatted_plan_status += f"[TASK_ID {task['task_id']}] {task['instruction']}\n"
        else:
            formatted_plan_status += "No Plan \n"
        return formatted_plan_status, current_task

    def _retrieve_experience(self) -> str:
        context = [str(msg) for msg in self.rc.memory.get(self.memory_k)]
        context = "\n\n".join(context)
        example = self.experience_retriever.retrieve(context=context)  # expect: PL104
        return example
