"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/generation/GeminiGenerator.py (lines 36-160), trimmed; not the original text.

Not in the generator list of components/managers.py at this commit.
"""

from vertexai.generative_models import Content, GenerativeModel, Part

from goldenverba.components.interfaces import Generator


class GeminiGenerator(Generator):
    async def generate_stream(self, queries, context, conversation=None):
        if conversation is None:
            conversation = {}
        messages = self.prepare_messages(queries, context, conversation)
        model = GenerativeModel("gemini-1.5-pro-preview-0409")
        completion = await model.generate_content_async(stream=True, contents=messages)
        async for chunk in completion:
            yield {"message": chunk.candidates[0].content.parts[0].text, "finish_reason": None}

    def prepare_messages(self, queries, context, conversation):
        messages = []
        for message in conversation:
            messages.append(Content(role=message.type, parts=[Part.from_text(message.content)]))

        query = " ".join(queries)
        user_context = " ".join(context)

        messages.append(
            Content(
                role="user",
                parts=[
                    Part.from_text(
                        f"{user_context} Answer this query: '{query}' from the context above, only if needed."  # expect: PL301
                    )
                ],
            )
        )
        return self.ensure_user_model_alteration(messages)

    def ensure_user_model_alteration(self, messages):
        current_role = ""
        new_messages = []
        for message in messages:
            if message.role == "system":
                message.role = "model"
        if messages[0].role == "model":
            messages = messages[1:]
        for message in messages:
            if message.role == current_role:
                new_messages[-1] = message
            else:
                new_messages.append(message)
                current_role = message.role
        return new_messages
