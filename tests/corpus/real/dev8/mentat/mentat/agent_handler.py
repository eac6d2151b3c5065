"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/agent_handler.py (lines 21-139), trimmed; not the original text."""

from pathlib import Path

from mentat.prompts.prompts import read_prompt
from mentat.session_context import SESSION_CONTEXT


class AgentHandler:
    def __init__(self):
        self._agent_enabled = False
        self.agent_file_message = ""
        self.agent_file_selection_prompt = read_prompt(Path("agent_file_selection_prompt.txt"))
        self.agent_command_prompt = read_prompt(Path("agent_command_selection_prompt.txt"))

    async def enable_agent_mode(self):
        ctx = SESSION_CONTEXT.get()
        features = ctx.code_context.get_all_features(split_intervals=False)
        messages = [
            {"role": "system", "content": self.agent_file_selection_prompt},
            {"role": "system", "content": "\n".join(str(f.path.relative_to(ctx.cwd)) for f in features)},
        ]
        response = await ctx.llm_api_handler.call_llm_api(messages, ctx.config.model, ctx.config.provider, False)
        paths = [Path(p) for p in response.text.strip().split("\n") if Path(p).exists()]
        self.agent_file_message = ""
        for path in paths:
            self.agent_file_message += f"{path}\n\n" + "\n\n".join(ctx.code_file_manager.read_file(path))
        self._agent_enabled = True

    async def _determine_commands(self) -> list:
        ctx = SESSION_CONTEXT.get()
        system_prompt = [
            {"role": "system", "content": self.agent_command_prompt},
            {"role": "system", "content": self.agent_file_message},
        ]
        messages = await ctx.conversation.get_messages(system_prompt=system_prompt)
        response = await ctx.llm_api_handler.call_llm_api(messages, ctx.config.model, ctx.config.provider, False)
        content = response.text
        messages.append({"role": "assistant", "content": content})
        parsed = await ctx.config.parser.parse_llm_response(content)
        ctx.conversation.add_model_message(content, messages, parsed)
        return content.strip().split("\n")

    async def add_agent_context(self) -> bool:
        ctx = SESSION_CONTEXT.get()
        commands = await self._determine_commands()
        if not commands:
            return True
        ctx.conversation.add_message(
            {"role": "system", "content": "You are running autonomously; these commands test your changes."}
        )
        for command in commands:
            await ctx.conversation.run_command(command.split())
        return False
