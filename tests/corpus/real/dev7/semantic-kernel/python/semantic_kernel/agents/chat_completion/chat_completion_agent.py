"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/agents/chat_completion/chat_completion_agent.py (lines 500-581) and agents/agent.py (lines 443-459), trimmed; not the original text."""


class KernelPromptTemplate:
    def __init__(self, template: str):
        self.template = template

    async def render(self, kernel, arguments) -> str:
        raise NotImplementedError


class ChatCompletionAgent:
    def __init__(self, name: str, instructions: str | None, service):
        self.name = name
        self.instructions = instructions
        self.prompt_template = None
        self.service = service

    async def format_instructions(self, kernel, arguments) -> str | None:
        if self.prompt_template is None:
            if self.instructions is None:
                return None
            self.prompt_template = KernelPromptTemplate(template=self.instructions)
        return await self.prompt_template.render(kernel, arguments)

    async def _prepare_agent_chat_history(self, history: list, kernel, arguments) -> list:
        formatted_instructions = await self.format_instructions(kernel, arguments)
        messages = []
        if formatted_instructions:
            messages.append({"role": "system", "content": formatted_instructions, "name": self.name})
        messages.extend(history)
        return messages

    async def _inner_invoke(self, thread, history: list, kernel, arguments, settings):
        agent_chat_history = await self._prepare_agent_chat_history(history=history, kernel=kernel, arguments=arguments)
        responses = await self.service.get_chat_message_contents(chat_history=agent_chat_history, settings=settings, kernel=kernel)
        for response in responses:
            await thread.on_new_message(response)
            yield response
