"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:runtime/node/executor/agent_executor.py (lines 183-221, 256-294, 499-520, 558-611, 650-680, 850-876, 1228-1234), trimmed; not the original text."""

from typing import Any, List

from entity.messages import Message, MessageRole


class AgentNodeExecutor:
    def _prepare_prompt_messages(self, node, input_data: str, skill_manager) -> List[Message]:
        messages: List[Message] = []
        system_prompt = self._build_system_prompt(node, skill_manager)
        if system_prompt:
            messages.append(Message(role=MessageRole.SYSTEM, content=system_prompt))
        messages.append(Message(role=MessageRole.USER, content=str(input_data)))
        return messages

    def _build_system_prompt(self, node, skill_manager) -> str | None:
        parts: List[str] = []
        if node.role:
            parts.append(node.role)
        if skill_manager is not None:
            skills_xml = skill_manager.build_available_skills_xml()
            if skills_xml:
                parts.append("You have access to Agent Skills; load one with `activate_skill`.\n" + skills_xml)
        return "\n\n".join(p for p in parts if p) or None

    def _apply_memory_retrieval(self, node, conversation: List[Message], query, stage, input_mode) -> None:
        retrieved = self._retrieve_memory(node, query, stage)
        if retrieved and retrieved.formatted_text:
            if input_mode == "messages":
                self._insert_memory_message(conversation, retrieved.formatted_text, node_id=node.id)
            else:
                last = conversation[-1]
                conversation[-1] = last.with_content(f"{retrieved.formatted_text}\n\n{last.text_content()}")

    def _insert_memory_message(self, conversation: List[Message], content: str, *, node_id: str) -> None:
        idx = next((i for i in range(len(conversation) - 1, -1, -1) if conversation[i].role is MessageRole.USER), len(conversation))
        conversation.insert(idx, Message(role=MessageRole.USER, content=content, metadata={"source": node_id}))

    def _handle_tool_calls(self, node, provider, client, conversation: List[Message], timeline: List[Any], call_options, initial_response, tool_specs, skill_manager):
        assistant = initial_response.message
        iteration = 0
        while True:
            conversation.append(assistant)
            if not assistant.tool_calls or iteration >= self._get_tool_loop_limit(node):
                return assistant
            iteration += 1
            tool_messages, events = self._execute_tool_batch(node, assistant.tool_calls, tool_specs, skill_manager)
            conversation.extend(tool_messages)
            timeline.extend(events)
            assistant = self._invoke_provider(provider, client, conversation, timeline, call_options, tool_specs, node).message

    def _build_skill_followup_message(self, tool_name: str, result: Any, node_id: str) -> Message | None:
        # appended to the timeline after an activate_skill result (events.append, line 676)
        if tool_name != "activate_skill" or not isinstance(result, dict):
            return None
        return Message(
            role=MessageRole.SYSTEM,
            content=f"Activated Agent Skill `{result.get('skill_name', 'unknown-skill')}`.\n\n{result.get('instructions')}",
        )
