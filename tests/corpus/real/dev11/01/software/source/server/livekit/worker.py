"""Reconstruction of OpenInterpreter/01@befddaf205d0eb03020af4df13bf7d8f1b3f6003:software/source/server/livekit/worker.py (lines 1-122), trimmed; not the original text."""

import asyncio
import copy
import os

from livekit import rtc
from livekit.agents import AutoSubscribe, JobContext
from livekit.agents.llm import ChatContext, ChatMessage
from livekit.agents.voice_assistant import VoiceAssistant
from livekit.plugins import cartesia, deepgram, openai, silero

start_message = """Hi! You can hold the white circle below to speak to me.

Try asking what I can do."""


async def entrypoint(ctx: JobContext):
    initial_ctx = ChatContext().append(
        role="system",
        text=(
            ""  # Open Interpreter handles this.
        ),
    )
    await ctx.connect(auto_subscribe=AutoSubscribe.AUDIO_ONLY)

    interpreter_server_host = os.getenv("INTERPRETER_SERVER_HOST", "localhost")
    interpreter_server_port = os.getenv("INTERPRETER_SERVER_PORT", "8000")
    base_url = f"http://{interpreter_server_host}:{interpreter_server_port}/openai"

    # the "model" is the 01 server's Open Interpreter, which keeps its own conversation
    open_interpreter = openai.LLM(model="open-interpreter", base_url=base_url, api_key="x")

    assistant = VoiceAssistant(
        vad=silero.VAD.load(),
        stt=deepgram.STT(),
        llm=open_interpreter,
        tts=cartesia.TTS(),
        chat_ctx=initial_ctx,
    )

    chat = rtc.ChatManager(ctx.room)

    async def _answer_from_text(text: str):
        chat_ctx = copy.deepcopy(assistant._chat_ctx)
        chat_ctx.messages.append(ChatMessage(role="user", content=text))
        stream = open_interpreter.chat(chat_ctx=chat_ctx)
        await assistant.say(stream)

    @chat.on("message_received")
    def on_chat_received(msg: rtc.ChatMessage):
        if not msg.message:
            return
        asyncio.create_task(_answer_from_text(msg.message))

    assistant.start(ctx.room)
    await asyncio.sleep(1)
    await assistant.say(start_message, allow_interruptions=True)
