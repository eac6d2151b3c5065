"""Reconstruction of OpenInterpreter/01@befddaf205d0eb03020af4df13bf7d8f1b3f6003:software/source/server/profiles/local.py (lines 1-72), trimmed; not the original text."""

from interpreter import AsyncInterpreter

interpreter = AsyncInterpreter()

interpreter.tts = "coqui"
interpreter.stt = "faster-whisper"

interpreter.system_message = """You are an AI assistant that writes markdown code snippets to answer the user's request. You speak very concisely and quickly, you say nothing irrelevant to the user's request. For example:

User: Open the chrome app.
Assistant: On it.
```python
import webbrowser
webbrowser.open('https://chrome.google.com')
```
User: The code you ran produced no output. Was this expected, or are we finished?
Assistant: No further action is required; the provided snippet opens Chrome.

NEVER use placeholders, NEVER say "path/to/desktop", NEVER say "path/to/file". Always specify exact paths.

Now, your turn:""".strip()

interpreter.code_output_template = '''I executed that code. This was the output: """{content}"""\n\nWhat does this output mean (I can't understand it, please help) / what code needs to be run next (if anything, or are we done)? I can't replace any placeholders.'''
interpreter.empty_code_output_template = "The code above was executed on my machine. It produced no text output. What's next (if anything, or are we done?)"
interpreter.code_output_sender = "user"

interpreter.llm.model = "ollama/codestral"
interpreter.llm.supports_functions = False
interpreter.llm.execution_instructions = False
interpreter.llm.load()

interpreter.computer.import_computer_api = False
interpreter.auto_run = True
interpreter.offline = True
interpreter.max_output = 600
