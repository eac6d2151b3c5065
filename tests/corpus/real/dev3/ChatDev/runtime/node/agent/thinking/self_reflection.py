"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:runtime/node/agent/thinking/self_reflection.py (lines 10-53), trimmed; not the original text."""

from entity.messages import Message, MessageRole
from runtime.node.agent.thinking.thinking_manager import ThinkingManagerBase


class SelfReflectionThinkingManager(ThinkingManagerBase):
    def __init__(self, config):
        super().__init__(config)
        self.base_prompt = "Here is a conversation between two roles: {conversations} {reflection_prompt}"
        self.reflection_prompt = config.reflection_prompt or "Reflect on the information and sum up the key points."

    def _after_gen_think(self, agent_invoker, input_payload, agent_role: str, memory, gen_payload):
        conversations = [f"SYSTEM: {agent_role}", f"USER: {input_payload.text}", f"ASSISTANT: {gen_payload.text}"]
        if memory and memory.text:
            conversations = [memory.text] + conversations  # expect: PL104
        prompt = self.base_prompt.format(conversations="\n\n".join(conversations), reflection_prompt=self.reflection_prompt)
        reply = agent_invoker([Message(role=MessageRole.USER, content=prompt)])
        return reply.text_content(), True
