"""Reconstruction of OpenInterpreter/01@befddaf205d0eb03020af4df13bf7d8f1b3f6003:software/source/server/profiles/fast.py (lines 1-17), trimmed; not the original text."""

from interpreter import AsyncInterpreter

interpreter = AsyncInterpreter()

interpreter.tts = "cartesia"
interpreter.stt = "deepgram"

interpreter.llm.model = "gpt-4o-mini"
interpreter.llm.supports_vision = True
interpreter.llm.supports_functions = True
interpreter.llm.context_window = 100000
interpreter.llm.max_tokens = 1000
interpreter.llm.temperature = 0
interpreter.computer.import_computer_api = True
interpreter.auto_run = True

interpreter.custom_instructions = "The user has set you to FAST mode. **No talk, just code.** Be as brief as possible. No comments, no unnecessary messages. Assume as much as possible, rarely ask the user for clarification. Once the task has been completed, say 'The task is done.'"
