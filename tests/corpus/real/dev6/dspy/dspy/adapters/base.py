"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/adapters/base.py (lines 405-441, 542-602, 626-711), trimmed; not the original text."""

from typing import Any


class Adapter:
    def format(self, signature, demos: list[dict[str, Any]], inputs: dict[str, Any]) -> list[dict[str, Any]]:
        inputs_copy = dict(inputs)
        history_field_name = self._get_history_field_name(signature)
        if history_field_name:
            signature_without_history = signature.delete(history_field_name)
            conversation_history = self.format_conversation_history(signature_without_history, history_field_name, inputs_copy)
        messages = []
        system_message = self.format_system_message(signature)
        messages.append({"role": "system", "content": system_message})
        messages.extend(self.format_demos(signature, demos))
        if history_field_name:
            content = self.format_user_message_content(signature_without_history, inputs_copy, main_request=True)
            messages.extend(conversation_history)
            messages.append({"role": "user", "content": content})
        else:
            content = self.format_user_message_content(signature, inputs_copy, main_request=True)
            messages.append({"role": "user", "content": content})
        return messages

    def format_demos(self, signature, demos: list[dict[str, Any]]) -> list[dict[str, Any]]:
        complete_demos = [d for d in demos if all(k in d and d[k] is not None for k in signature.fields)]
        messages = []
        for demo in complete_demos:
            messages.append({"role": "user", "content": self.format_user_message_content(signature, demo)})
            messages.append({"role": "assistant", "content": self.format_assistant_message_content(signature, demo)})
        return messages

    def format_conversation_history(self, signature, history_field_name: str, inputs: dict[str, Any]) -> list[dict[str, Any]]:
        conversation_history = inputs[history_field_name].messages if history_field_name in inputs else None
        if conversation_history is None:
            return []
        messages = []
        for message in conversation_history:
            user_content = self.format_user_message_content(signature, message)
            if user_content:
                messages.append({"role": "user", "content": user_content})
            assistant_content = self.format_assistant_message_content(signature, message)
            if assistant_content:
                messages.append({"role": "assistant", "content": assistant_content})
        del inputs[history_field_name]
        return messages
