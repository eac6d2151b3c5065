"""Reconstruction of Kav-K/GPTDiscord@2bf8e5cf6267bb44b62e78b19d79b594379b5a7d:cogs/text_service_cog.py (lines 130-145, 645-667, 1343-1356), trimmed; not the original text."""
from models.user_model import EmbeddedConversationItem


class GPT3ComCon:
    def __init__(self, model, data_path):
        self.model = model
        self.conversation_threads = {}
        with open(data_path / "conversation_starter_pretext.txt", "r") as f:
            self.CONVERSATION_STARTER_TEXT = f.read()
        with open(data_path / "conversation_starter_pretext_minimal.txt", "r") as f:
            self.CONVERSATION_STARTER_TEXT_MINIMAL = f.read()

    async def summarize_conversation(self, message, prompt):
        response = await self.model.send_summary_request(prompt)
        summarized_text = response["choices"][0]["message"]["content"]

        new_conversation_history = []
        new_conversation_history.append(EmbeddedConversationItem(self.CONVERSATION_STARTER_TEXT, 0))
        new_conversation_history.append(
            EmbeddedConversationItem(
                f"\nThis conversation has some context from earlier, which has been summarized as follows: {summarized_text} \nContinue the conversation.",
                0,
            )
        )
        new_conversation_history.append(
            EmbeddedConversationItem(self.conversation_threads[message.channel.id].history[-1].text + "\n", 0)
        )
        self.conversation_threads[message.channel.id].history = new_conversation_history

    async def converse_command(self, ctx, target, minimal=False, opener=None, draw=False):
        if minimal or opener:
            starting_text = self.CONVERSATION_STARTER_TEXT_MINIMAL
        else:
            starting_text = self.CONVERSATION_STARTER_TEXT

        if draw:
            starting_text += "You can draw images."
        else:
            starting_text += "You are unable to draw images in this conversation."
        self.conversation_threads[target.id].history.append(EmbeddedConversationItem(starting_text, 0))
