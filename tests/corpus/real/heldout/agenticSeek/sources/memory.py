"""Reconstruction of Fosowl/agenticSeek@ae57a2357745a9706cb12d0fd76d954c84d166fa:sources/memory.py (lines 21-33, 158-180, 236-247), trimmed; not the original text."""
import datetime
import uuid


class Memory():
    def __init__(self, system_prompt: str, memory_compression: bool = True):
        self.memory = [{'role': 'system', 'content': system_prompt}]
        self.session_time = datetime.datetime.now()
        self.session_id = str(uuid.uuid4())
        self.memory_compression = memory_compression

    def push(self, role: str, content: str) -> int:
        curr_idx = len(self.memory)
        time_str = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
        self.memory.append({'role': role, 'content': content, 'time': time_str})
        return curr_idx - 1

    def clear(self) -> None:
        self.memory = self.memory[:1]

    def get(self) -> list:
        return self.memory

    def compress(self) -> str:
        for i in range(len(self.memory)):
            if self.memory[i]['role'] == 'system':
                continue
            if len(self.memory[i]['content']) > 1024:
                self.memory[i]['content'] = self.summarize(self.memory[i]['content'])
