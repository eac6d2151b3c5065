"""Reconstruction of simonw/llm@f3f4f29c6e5e623c3776cbf6455dda2345638214:llm/logs.py (lines 61-75, 222-275), trimmed; not the original text."""

import json


def canonical_json(obj) -> str:
    # only for the content hash that identifies a message
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class LogStore:
    def __init__(self, db):
        self.db = db

    def _write_part(self, message_hash_: str, position: int, part) -> None:
        payload = part.to_dict()
        part_type = payload.pop("type")
        text = payload.pop("text") if part_type in ("text", "reasoning") and "text" in payload else None
        self.db["parts"].insert(
            {
                "message_hash": message_hash_,
                "position": position,
                "type": part_type,
                "text": text,
                # stored as written (no sorted keys), so tool-call arguments come back in the model's order
                "payload": json.dumps(payload) if payload else None,
            }
        )
