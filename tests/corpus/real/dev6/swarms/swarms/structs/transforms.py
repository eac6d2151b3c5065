"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/transforms.py (lines 45-208, 474-520), trimmed; not the original text."""


class MessageTransforms:
    def __init__(self, config):
        self.config = config

    def transform_messages(self, messages: list, target_model=None):
        max_messages = self.config.max_messages
        transformed_messages = messages.copy()
        if max_messages and len(transformed_messages) > max_messages:
            transformed_messages = self._compress_message_count(transformed_messages, max_messages)
        return transformed_messages

    def _compress_message_count(self, messages: list, max_messages: int) -> list:
        if len(messages) <= max_messages:
            return messages
        system_messages = [m for m in messages if m.get("role") == "system"]
        other_messages = [m for m in messages if m.get("role") != "system"]
        available_slots = max_messages - len(system_messages)
        if available_slots <= 0:
            return system_messages[:max_messages]
        preserve_recent = min(self.config.preserve_recent_messages, len(other_messages))
        recent_messages = (
            other_messages[-preserve_recent:]  # expect: PL301
            if preserve_recent > 0
            else []
        )
        remaining_slots = available_slots - len(recent_messages)
        if remaining_slots <= 0:
            return (system_messages + recent_messages)[:max_messages]
        early_messages = other_messages[:-preserve_recent] if preserve_recent > 0 else other_messages
        if len(early_messages) <= remaining_slots:
            return (system_messages + early_messages + recent_messages)[:max_messages]
        compressed_early = self._middle_out_compress(early_messages, remaining_slots)
        return (system_messages + compressed_early + recent_messages)[:max_messages]

    def _middle_out_compress(self, messages: list, target_count: int) -> list:
        keep_count = target_count // 2
        return (messages[:keep_count] + messages[-keep_count:])[:target_count]


def handle_transforms(transforms: MessageTransforms, short_memory=None, model_name="gpt-5.4") -> str:
    messages_dict = short_memory.return_messages_as_dictionary()
    transformed = transforms.transform_messages(messages_dict, model_name)
    return "\n\n".join(f"{m['role']}: {m['content']}" for m in transformed)
