"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-agentchat/src/autogen_agentchat/agents/_assistant_agent.py (lines 901-960,1056-1115), trimmed; not the original text."""

import uuid


class AssistantAgent:
    async def on_messages_stream(self, messages, cancellation_token):
        for msg in messages:
            await self._model_context.add_message(msg.to_model_message())
        for mem in self._memory or []:
            await mem.update_context(self._model_context)
        # correlates streaming chunks with the final message; never sent to the model
        message_id = str(uuid.uuid4())
        async for output in self._call_llm(
            model_client=self._model_client,
            system_messages=self._system_messages,
            model_context=self._model_context,
            workbench=self._workbench,
            handoff_tools=self._handoff_tools,
            message_id=message_id,
        ):
            yield output

    @classmethod
    async def _call_llm(cls, model_client, system_messages, model_context, workbench, handoff_tools, message_id):
        all_messages = await model_context.get_messages()
        llm_messages = cls._get_compatible_context(model_client=model_client, messages=system_messages + all_messages)
        tools = [tool for wb in workbench for tool in await wb.list_tools()] + handoff_tools
        yield await model_client.create(llm_messages, tools=tools)
