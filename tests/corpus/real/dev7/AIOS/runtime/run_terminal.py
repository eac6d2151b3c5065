"""Reconstruction of agiresearch/AIOS@2155966d68908f90c6c264a7935495e149c3869f:runtime/run_terminal.py (lines 130-163), trimmed; not the original text.

The terminal's chat history is appended to; each request goes through the kernel's syscall
executor, where the memory injector may prepend a system message (aios/memory/context_injector.py).
"""

from cerebrum.llm.apis import llm_chat, llm_operate_file


class AIOSTerminal:
    def __init__(self, base_url: str):
        self.conversation_history: list = []
        self.base_url = base_url

    def _send_chat(self, user_input: str) -> str:
        self.conversation_history.append({"role": "user", "content": user_input})
        response = llm_chat(agent_name="terminal", messages=list(self.conversation_history), base_url=self.base_url)
        assistant_msg = str(response.get("response", ""))
        self.conversation_history.append({"role": "assistant", "content": assistant_msg})
        return assistant_msg

    def _send_file(self, user_input: str):
        return llm_operate_file(agent_name="terminal", messages=[{"role": "user", "content": user_input}], tools=[], base_url=self.base_url)
