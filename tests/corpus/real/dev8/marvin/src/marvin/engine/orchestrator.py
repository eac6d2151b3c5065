"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/engine/orchestrator.py (lines 51-370), trimmed; not the original text."""

from dataclasses import dataclass
from pathlib import Path

from marvin.instructions import get_instructions
from marvin.prompts import Template


@dataclass(kw_only=True)
class SystemPrompt(Template):
    source: str | Path = Path("system.jinja")
    actor: object
    instructions: list
    tasks: list


class Orchestrator:
    def __init__(self, tasks, thread):
        self.tasks = tasks
        self.thread = thread

    def get_all_tasks(self, _filter=None) -> list:
        all_tasks = set()
        ordered_tasks = []

        def collect_tasks(task) -> None:
            if task in all_tasks:
                return
            all_tasks.add(task)
            # Task.subtasks and Task.depends_on are sets of tasks hashed by their random ids
            for subtask in task.subtasks:  # expect: PL201
                collect_tasks(subtask)
            for dep in task.depends_on:
                collect_tasks(dep)
            ordered_tasks.append(task)
            if task.parent:
                collect_tasks(task.parent)

        for task in self.tasks:
            collect_tasks(task)
        if _filter == "ready":
            return [t for t in ordered_tasks if t.is_ready()]
        return ordered_tasks

    async def run_once(self, actor=None, active_mcp_servers=None):
        tasks = self.get_all_tasks(_filter="ready")
        if actor is None:
            actor = tasks[0].get_actor()
        potential_tasks = [t for t in tasks if actor is t.get_actor()]
        assigned_tasks = potential_tasks[:1]
        for task in assigned_tasks:
            if task.is_pending():
                await task.mark_running(thread=self.thread)

        tools = set()
        for t in assigned_tasks:
            tools.update(t.get_tools())
        end_turn_tools = set()
        for t in assigned_tasks:
            end_turn_tools.update(t.get_end_turn_tools())

        await self._check_memories(actor=actor, assigned_tasks=assigned_tasks)
        user_prompt, prompt_messages = await self._get_messages(actor=actor, assigned_tasks=assigned_tasks)

        agentlet = await actor.get_agentlet(
            tools=list(tools),  # expect: PL201
            end_turn_tools=list(end_turn_tools),
            active_mcp_servers=active_mcp_servers,
        )
        async with agentlet.iter(user_prompt, message_history=[m.message for m in prompt_messages]) as run:
            async for _ in run:
                pass
        new_messages = run.result.new_messages()
        # the first new message is the user prompt: already stored, or the " " placeholder,
        # which is never stored although the run's later requests were sent after it
        await self.thread.add_messages_async(
            new_messages[1:]  # expect: PL301
        )
        return run

    async def _check_memories(self, actor, assigned_tasks) -> None:
        memories = set()
        for t in assigned_tasks:
            memories.update([m for m in t.memories if m.auto_use])
        if memories:
            memory_messages = await self.thread.get_messages_async(limit=3)
            query = str(memory_messages)
            for memory in memories:
                # appended once to the thread, after everything sent before
                await self.thread.add_info_message_async(
                    {memory.friendly_name(): await memory.search(query=query, n=3)},
                    prefix="Automatically recalled memories",
                )

    async def _get_messages(self, actor, assigned_tasks):
        system_prompt = await self.thread.add_system_message_async(
            SystemPrompt(actor=actor, instructions=get_instructions(), tasks=assigned_tasks).render()
        )
        message_history = await self.thread.get_messages_async(include_system_messages=False)
        if (
            message_history
            and message_history[-1].message.kind == "request"
            and message_history[-1].message.parts[0].part_kind == "user-prompt"
        ):
            message_history, user_prompt = message_history[:-1], message_history[-1].message.parts[0].content
        else:
            user_prompt = " "
        return user_prompt, [system_prompt] + message_history
