"""Reconstruction of OpenInterpreter/01@befddaf205d0eb03020af4df13bf7d8f1b3f6003:software/source/server/server.py (lines 15-106), trimmed; not the original text."""

import asyncio
import types


def start_server(server_host, server_port, interpreter, voice, debug):
    interpreter.verbose = debug
    interpreter.server.host = server_host
    interpreter.server.port = server_port
    interpreter.context_mode = True

    if voice == False:
        interpreter.server.run()
        exit()

    old_input = interpreter.input

    async def new_input(self, chunk):
        await asyncio.sleep(0)
        if isinstance(chunk, bytes):
            self.stt.feed_audio(chunk)
            self.audio_chunks.append(chunk)
        elif isinstance(chunk, dict):
            if "start" in chunk:
                self.stt.start()
                self.audio_chunks = []
                await old_input({"role": "user", "type": "message", "start": True})
            if "end" in chunk:
                self.stt.stop()
                content = self.stt.text()
                if content.strip() == "":
                    return
                await old_input({"role": "user", "type": "message", "content": content})
                await old_input({"role": "user", "type": "message", "end": True})

    interpreter.input = types.MethodType(new_input, interpreter)
    interpreter.server.run()
