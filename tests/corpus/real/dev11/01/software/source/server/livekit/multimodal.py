"""Reconstruction of OpenInterpreter/01@befddaf205d0eb03020af4df13bf7d8f1b3f6003:software/source/server/livekit/multimodal.py (lines 1-113), trimmed; not the original text."""

from __future__ import annotations

import os
from typing import Annotated

from livekit.agents import AutoSubscribe, JobContext, llm
from livekit.agents.multimodal import MultimodalAgent
from livekit.plugins import openai

instructions = """
You are Open Interpreter, a world-class programmer that can complete any goal by executing code.
For advanced requests, start by writing a plan.
When you execute code, it will be executed **on the user's machine** in a stateful Jupyter notebook. The user has given you **full permission** to execute any code necessary to complete the task. Execute the code.
You can access the internet. Run **any code** to achieve the goal, and if at first you don't succeed, try again and again.
You MUST remember to pass into the execute_code function a correct JSON input like {"code": "print('hello world')"} and NOT a raw string or something else.
"""


async def entrypoint(ctx: JobContext):
    from interpreter import interpreter

    def execute_code(code):
        output = ""
        for chunk in interpreter.computer.run("python", code):
            if "content" in chunk and type(chunk["content"]) == str:
                output += "\n" + chunk["content"]
        output = output.strip()
        if output == "":
            output = "No output was produced by running this code."
        return output

    class AssistantFnc(llm.FunctionContext):
        @llm.ai_callable()
        async def execute(
            self,
            code: Annotated[str, llm.TypeInfo(description="The Python code to execute")],
        ):
            """Executes Python and returns the output"""
            return execute_code(code)

    fnc_ctx = AssistantFnc()
    await ctx.connect(auto_subscribe=AutoSubscribe.AUDIO_ONLY)
    participant = await ctx.wait_for_participant()

    model = openai.realtime.RealtimeModel(
        instructions=instructions,
        voice="shimmer",
        temperature=0.6,
        modalities=["audio", "text"],
        api_key=os.getenv("OPENAI_API_KEY"),
        base_url="wss://api.openai.com/v1",
    )
    model._fnc_ctx = fnc_ctx
    assistant = MultimodalAgent(model=model, fnc_ctx=fnc_ctx)
    assistant.start(ctx.room)

    session = model.session(chat_ctx=llm.ChatContext(), fnc_ctx=fnc_ctx)
    session.conversation.item.create(llm.ChatMessage(role="user", content="Hello!"))
    session.response.create()
