"""Reconstruction of AbanteAI/rawdog@f08ac12ba42d49661187a37d5c7f751e44fba87f:src/rawdog/logging.py (lines 11-55), trimmed; not the original text."""

import datetime
import json

from rawdog.utils import rawdog_dir


def log_conversation(messages, metadata=None, filename=None) -> None:
    conversation = []
    timestamp = datetime.datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    my_metadata = {"timestamp": timestamp, "log_version": 0.2}
    my_metadata.update(metadata or {})
    for message in messages:
        conversation.append(message)
    script = f"conversation = {json.dumps(conversation, indent=4)}\n\n"
    script += f"metadata = {json.dumps(my_metadata, indent=4)}\n\n\n"
    with open(filename or rawdog_dir / f"script_{timestamp}.py", "w") as script_file:
        script_file.write(script)
