"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/models/transcript.py (lines 11-46, 119-144), trimmed; not the original text."""

import time
from datetime import datetime
from typing import List

from pydantic import BaseModel, Field

from vocode.streaming.models.events import Sender


class EventLog(BaseModel):
    sender: Sender
    timestamp: float = Field(default_factory=time.time)

    def get_timestamp_string(self, start_timestamp):
        dt = datetime.fromtimestamp(self.timestamp - start_timestamp)
        return f"[{dt.strftime('%M:%S')}.{dt.microsecond // 10000:02}]"


class Message(EventLog):
    text: str
    is_final: bool = False
    is_backchannel: bool = False

    def to_string(self, include_timestamp=False, mark_human_backchannels_with_brackets=False, include_sender=True):
        text = self.text
        if not self.is_final and self.sender == Sender.BOT:
            text = f"{text}-"
        if self.is_backchannel and mark_human_backchannels_with_brackets:
            text = f"[{text}]"
        if include_timestamp:
            return f"{self.sender.name}: {text} ({self.timestamp})"
        elif include_sender:
            return f"{self.sender.name}: {text}"
        return text


class Transcript(BaseModel):
    event_logs: List[EventLog] = []
    start_time: float = Field(default_factory=time.time)

    def to_string(self, include_timestamps=False, mark_human_backchannels_with_brackets=False):
        event_strings = []
        for event in self.event_logs:
            event_string = event.to_string(
                include_timestamp=False,
                mark_human_backchannels_with_brackets=mark_human_backchannels_with_brackets,
            )
            if include_timestamps:
                event_string = f"{event.get_timestamp_string(self.start_time)} {event_string}"
            event_strings.append(event_string)
        return "\n".join(event_strings)
