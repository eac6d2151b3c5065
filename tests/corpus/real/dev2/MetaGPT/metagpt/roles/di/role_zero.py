"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/roles/di/role_zero.py (lines 94-310, 420-492, 585-590), trimmed; not the original text.

_think runs before every model call of the react loop.
"""

import json
import re
from datetime import datetime

from metagpt.prompts.di.role_zero import CMD_PROMPT, SYSTEM_PROMPT
from metagpt.roles.role import Role
from metagpt.strategy.experience_retriever import DummyExpRetriever

ASK_HUMAN_COMMAND = [{"command_name": "RoleZero.ask_human", "args": {"question": ""}}]


class UserMessage:
    def __init__(self, content: str, cause_by: str = "") -> None:
        self.role = "user"
        self.content = content
        self.cause_by = cause_by


class RoleZero(Role):
    memory_k: int = 200
    system_prompt: str = SYSTEM_PROMPT
    cmd_prompt: str = CMD_PROMPT
    instruction: str = "Follow the plan; use the commands above."
    task_type_desc: str = "- other: any task"

    def __init__(self, llm, browser, tool_recommender, planner, **kwargs) -> None:
        super().__init__(**kwargs)
        self.llm = llm
        self.browser = browser
        self.tool_recommender = tool_recommender
        self.planner = planner
        self.experience_retriever = DummyExpRetriever()
        self.respond_language = "English"
        self.command_rsp = ""

    async def _think(self) -> bool:
        example = self._retrieve_experience()
        plan_status, current_task = self.planner.get_plan_status()
        tools = await self.tool_recommender.recommend_tools()
        tool_info = json.dumps({tool.name: tool.schemas for tool in tools})
        system_prompt = self.system_prompt.format(
            role_info=self._get_prefix(),
            task_type_desc=self.task_type_desc,
            available_commands=tool_info,
            example=example,
            instruction=self.instruction.strip(),
        )
        prompt = self.cmd_prompt.format(plan_status=plan_status, current_task=current_task, respond_language=self.respond_language)
        memory = self.rc.memory.get(self.memory_k)  # expect: PL301
        memory = await self.parse_browser_actions(memory)
        memory = await self.parse_editor_result(memory)
        req = self.llm.format_msg(memory + [UserMessage(content=prompt)])
        self.command_rsp = await self.llm_cached_aask(req=req, system_msgs=[system_prompt])
        return True

    async def llm_cached_aask(self, *, req: list[dict], system_msgs: list[str]) -> str:
        return await self.llm.aask(req, system_msgs=system_msgs)

    async def parse_browser_actions(self, memory: list) -> list:
        if not self.browser.is_empty_page:
            pattern = re.compile(r"Command Browser\.(\w+) executed")
            for index, msg in zip(range(len(memory), 0, -1), memory[::-1]):
                if pattern.search(msg.content):
                    # the page as it is now, inserted after the latest browser command, not stored
                    memory.insert(index, UserMessage(cause_by="browser", content=await self.browser.view()))  # expect: PL104
                    break
        return memory

    async def parse_editor_result(self, memory: list, keep_latest_count=5) -> list:
        pattern = re.compile(r"Command Editor\.(\w+?) executed")
        new_memory = []
        i = 0
        for msg in reversed(memory):
            matches = pattern.findall(msg.content)
            if matches:
                i += 1
                if i > keep_latest_count:
                    new_content = msg.content[: msg.content.find("Command Editor")]  # expect: PL301
                    new_content += "\n".join(f"Command Editor.{match} executed." for match in matches)
                    msg = UserMessage(content=new_content)
            new_memory.append(msg)
        new_memory.reverse()
        return new_memory

    def _get_prefix(self) -> str:
        time_info = datetime.now().strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
        return super()._get_prefix() + f" The current time is {time_info}."

    def _retrieve_experience(self) -> str:
        context = [str(msg.content) for msg in self.rc.memory.get(self.memory_k)]
        return self.experience_retriever.retrieve(context="\n\n".join(context))

    async def _check_duplicates(self, req: list[dict], command_rsp: str) -> str:
        past_rsp = [mem.content for mem in self.rc.memory.get(20)]
        if command_rsp in past_rsp:
            problem = await self.llm.aask(req + [{"role": "user", "content": "Summarise the problem you are stuck on."}])
            ASK_HUMAN_COMMAND[0]["args"]["question"] = f"I am stuck: {problem}".strip()
            return "```json\n" + json.dumps(ASK_HUMAN_COMMAND, indent=4, ensure_ascii=False) + "\n```"
        return command_rsp

    def _parse_commands(self, command_rsp: str, exclusive_tool_commands: list[str]):
        commands = json.loads(command_rsp.strip().removeprefix("```json").removesuffix("```"))
        if isinstance(commands, dict):
            commands = commands["commands"] if "commands" in commands else [commands]
        command_flag = [command["command_name"] not in exclusive_tool_commands for command in commands]
        if command_flag.count(False) > 1:
            commands = commands[: command_flag.index(False) + 1]
            # re-serialised once from the parsed reply; the string is what is kept in memory
            command_rsp = "```json\n" + json.dumps(commands, indent=4, ensure_ascii=False) + "\n```"
        return commands, True, command_rsp
