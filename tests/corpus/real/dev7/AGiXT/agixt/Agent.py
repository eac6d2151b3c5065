"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/Agent.py (lines 2690-2770, 4023-4137, 4138-4330), trimmed; not the original text.

The agent's commands block (one section per extension, then fixed guidelines that name the
conversation's working directory and list its files) and the inference entry point that hands the
formatted prompt to a provider.
"""

from Extensions import Extensions
from extensions.anthropic import anthropic


class Agent:
    def __init__(self, agent_name: str, working_directory: str, agent_id: str):
        self.agent_name = agent_name
        self.working_directory = working_directory
        self.agent_id = agent_id
        self.extensions = Extensions()
        self.provider = anthropic()

    def get_agent_extensions(self) -> list[dict]:
        return self.extensions.get_extensions()

    def _get_extension_contexts(self, agent_extensions: list[dict], command_list: list[str]) -> str:
        context_parts = []
        active_extension_classes = set()
        for ext in agent_extensions:
            if any(cmd["friendly_name"] in command_list for cmd in ext["commands"]):
                active_extension_classes.add(ext["class_name"])
        for class_name in active_extension_classes:  # expect: PL201
            context = self.extension_context_of(class_name)
            if context and context.strip():
                context_parts.append(context.strip())
        if context_parts:
            return "\n\n" + "\n\n".join(context_parts) + "\n"
        return ""

    def extension_context_of(self, class_name: str) -> str:
        return ""

    def get_commands_prompt(self, conversation_id, selected_commands=None, workspace_file_tree=None) -> str:
        if selected_commands is not None and len(selected_commands) == 0:
            return ""
        working_directory = f"{self.working_directory}/{conversation_id}"
        if workspace_file_tree:
            workspace_files_section = "- Files currently in the working directory:\n" + workspace_file_tree
        else:
            workspace_files_section = "- The working directory is currently empty."
        agent_commands = "## Available Commands\n\n"
        for extension in self.get_agent_extensions():
            enabled_commands = [
                command
                for command in extension["commands"]
                if selected_commands is None or command["friendly_name"] in selected_commands
            ]
            if not enabled_commands:
                continue
            agent_commands += f"\n### {extension['extension_name']}\nDescription: {extension['description']}\n"
            for command in enabled_commands:
                name = command["friendly_name"]
                agent_commands += f"\n#### {name}\nDescription: {command['description']}\n<execute>\n<name>{name}</name>\n"
                for arg_name in command["command_args"].keys():
                    agent_commands += f"<{arg_name}>The assistant will fill in the value.</{arg_name}>\n"
                agent_commands += "</execute>\n"
        extension_context = self._get_extension_contexts(
            self.get_agent_extensions(),
            [c["friendly_name"] for e in self.get_agent_extensions() for c in e["commands"]],
        )
        if extension_context:
            agent_commands += extension_context
        agent_commands += f"""## Command Execution Guidelines
- The assistant's working directory is {working_directory}.
{workspace_files_section}
- The assistant can execute as many commands as needed, in the order they should run.
"""
        return agent_commands

    async def inference(self, prompt: str, images: list = [], use_smartest: bool = False, stream: bool = False):
        if not prompt:
            return ""
        return await self.provider.inference(prompt=prompt, images=images, stream=stream)
