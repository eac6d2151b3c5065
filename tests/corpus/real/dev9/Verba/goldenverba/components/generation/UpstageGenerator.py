"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/generation/UpstageGenerator.py (lines 15, 25-53, 110-142), trimmed; not the original text."""

from goldenverba.components.interfaces import Generator


class UpstageGenerator(Generator):
    def __init__(self):
        super().__init__()
        self.name = "Upstage"

    def prepare_messages(self, query: str, context: str, conversation: list[dict], system_message: str) -> list[dict]:
        messages = [{"role": "system", "content": system_message}]

        for message in conversation:
            messages.append({"role": message.type, "content": message.content})

        messages.append(
            {
                "role": "user",
                "content": f"Answer this query: '{query}' using this context: {context}",  # expect: PL301
            }
        )
        return messages
