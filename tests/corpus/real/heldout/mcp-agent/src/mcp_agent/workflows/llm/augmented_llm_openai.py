"""Reconstruction of lastmile-ai/mcp-agent@04cae7ea5ba3a5c4e62c22884938699c73705651:src/mcp_agent/workflows/llm/augmented_llm_openai.py (lines 186-240, 400-410, 490-505), trimmed; not the original text."""
from openai.types.chat import ChatCompletionSystemMessageParam

from mcp_agent.workflows.llm.augmented_llm import AugmentedLLM


class OpenAIAugmentedLLM(AugmentedLLM):
    async def generate(self, message, request_params=None):
        messages = []
        params = self.get_request_params(request_params)
        if params.use_history:
            messages.extend(self.history.get())
        system_prompt = self.instruction or params.systemPrompt
        if system_prompt and len(messages) == 0:
            messages.append(ChatCompletionSystemMessageParam(role="system", content=system_prompt))
        messages.extend(message)
        response = await self.agent.list_tools(tool_filter=params.tool_filter)
        available_tools = [{"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.inputSchema}} for t in response.tools]
        completion = await self.executor.execute(self.client.chat.completions.create, model=params.model, messages=messages, tools=available_tools or None)
        messages.append(completion.choices[0].message)
        if params.use_history:
            self.history.set(messages)
        return completion

    async def generate_structured(self, message, response_model, request_params=None):
        params = self.get_request_params(request_params)
        messages = []
        system_prompt = self.instruction or params.systemPrompt
        if system_prompt:
            messages.append(ChatCompletionSystemMessageParam(role="system", content=system_prompt))
        if params.use_history:
            messages.extend(self.history.get())
        messages.extend(message)
        return await self.client.chat.completions.parse(model=params.model, messages=messages, response_format=response_model)
