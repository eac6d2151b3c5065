"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/vended_plugins/context_offloader/storage.py (lines 102-165), trimmed; not the original text.

The reference of an offloaded block is a file name made from the clock and a counter.
"""

import threading
import time
from pathlib import Path


class FileStorage:
    def __init__(self, artifact_dir="./artifacts"):
        self._artifact_dir = Path(artifact_dir)
        self._lock = threading.Lock()
        self._counter = 0

    def store(self, key, content, content_type="text/plain"):
        self._artifact_dir.mkdir(parents=True, exist_ok=True)
        timestamp_ms = int(time.time() * 1000)
        with self._lock:
            self._counter += 1
            filename = f"{timestamp_ms}_{self._counter}_{key}.txt"
        file_path = self._artifact_dir / filename
        file_path.write_bytes(content)
        return str(file_path)
