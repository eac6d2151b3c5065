"""Reconstruction of Kav-K/GPTDiscord@2bf8e5cf6267bb44b62e78b19d79b594379b5a7d:services/text_service.py (lines 102-262, 319-360, 436-451, 855-865, 924-945, 1070-1088), trimmed; not the original text."""
import datetime

import unidecode

from models.user_model import EmbeddedConversationItem

BOT_NAME = "GPTie"

DRAW_CHECK_PROMPT = """
Here are some good prompting tips:
Describe the Image Content: Start your prompt with the type of image you want, such as "A photograph of...", "A 3D rendering of...".
Describe the Subject: Clearly state the subject of your image. It could be anything from a person or animal to an abstract concept.
Add Relevant Details: Include details like colors, shapes, sizes, and textures. Rather than just saying "bear", specify the type.
Describe the Form and Style: Provide details about the form and style, using keywords like "abstract", "minimalist", or "surreal".
Define the Composition: Use keywords to define the composition, such as resolution, lighting style, aspect ratio, and camera view.
You will be given a set of conversation items and you will determine if the intent of the user(s) are to draw/create a picture or not, if the intent is to
draw a picture, extract a prompt for the image to draw for use in systems like DALL-E. Respond with JSON after you determine intent to draw or not.
"""


class TextService:
    @staticmethod
    async def encapsulated_send(converser_cog, id, prompt, ctx, redo_request=False, model=None, custom_api_key=None):
        new_prompt = prompt
        user_displayname = ctx.author.display_name

        if converser_cog.pinecone_service and ctx.channel.id in converser_cog.conversation_threads:
            conversation_id = ctx.channel.id
            new_prompt = unidecode.unidecode(new_prompt)
            prompt_less_author = f"{new_prompt} <|endofstatement|>\n"
            new_prompt = f"\n{user_displayname}: {new_prompt} <|endofstatement|>\n"

            timestamp = int(str(datetime.datetime.now().timestamp()).replace(".", ""))
            new_prompt_item = EmbeddedConversationItem(new_prompt, timestamp)

            if not redo_request:
                converser_cog.conversation_threads[conversation_id].history.append(new_prompt_item)

            await converser_cog.pinecone_service.upsert_conversation_embedding(
                converser_cog.model, conversation_id, new_prompt, timestamp, custom_api_key=custom_api_key,
            )
            embedding_prompt_less_author = await converser_cog.model.send_embedding_request(
                prompt_less_author, custom_api_key=custom_api_key
            )

            similar_prompts = converser_cog.pinecone_service.get_n_similar(  # expect: PL104
                conversation_id,
                embedding_prompt_less_author,
                n=converser_cog.model.num_conversation_lookback,
            )

            _prompt_with_history = [converser_cog.conversation_threads[ctx.channel.id].history[0]]

            _prompt_with_history += [
                EmbeddedConversationItem(prompt, timestamp)
                for prompt, timestamp in similar_prompts
            ]

            for i in range(1, min(len(converser_cog.conversation_threads[ctx.channel.id].history), converser_cog.model.num_static_conversation_items)):
                _prompt_with_history.append(converser_cog.conversation_threads[ctx.channel.id].history[-i])  # expect: PL301

            _prompt_with_history = list(dict.fromkeys(_prompt_with_history))
            _prompt_with_history.sort(key=lambda x: x.timestamp)

            converser_cog.conversation_threads[ctx.channel.id].history = _prompt_with_history

        if ctx.channel.id in converser_cog.conversation_threads:
            _prompt_with_history = converser_cog.conversation_threads[ctx.channel.id].history
            response = await converser_cog.model.send_chatgpt_chat_request(
                _prompt_with_history,
                model=model,
                bot_name=BOT_NAME,
                user_displayname=user_displayname,
                custom_api_key=custom_api_key,
            )
        else:
            response = await converser_cog.model.send_request(new_prompt, model=model, custom_api_key=custom_api_key)

        response_text = str(response["choices"][0]["message"]["content"])

        if ctx.channel.id in converser_cog.conversation_threads and not converser_cog.pinecone_service:
            if not redo_request:
                converser_cog.conversation_threads[ctx.channel.id].history.append(
                    EmbeddedConversationItem("\n" + BOT_NAME + str(response_text) + "<|endofstatement|>\n", 0)
                )
        return response_text

    @staticmethod
    async def process_conversation_message(converser_cog, message, model):
        prompt = message.content
        if not converser_cog.pinecone_service:
            converser_cog.conversation_threads[message.channel.id].history.append(
                EmbeddedConversationItem(f"\n{message.author.display_name}: {prompt} <|endofstatement|>\n", 0)
            )

        if "-vision" in model and converser_cog.conversation_threads[message.channel.id].drawable:
            draw_check_prompt = DRAW_CHECK_PROMPT
            last_messages = converser_cog.conversation_threads[message.channel.id].history[-6:]  # expect: PL301
            last_messages = last_messages[1:]
            response_json = await converser_cog.model.send_chatgpt_chat_request(
                last_messages,
                "gpt-4-vision-preview",
                temp_override=0,
                user_displayname=message.author.display_name,
                bot_name=BOT_NAME,
                system_prompt_override=draw_check_prompt,
                respond_json=True,
            )
            return response_json

    @staticmethod
    async def process_conversation_edit(converser_cog, after, original_message):
        if after.channel.id in converser_cog.conversation_threads:
            converser_cog.conversation_threads[after.channel.id].history = (
                converser_cog.conversation_threads[after.channel.id].history[:-2]
            )
            if not converser_cog.pinecone_service:
                converser_cog.conversation_threads[after.channel.id].history.append(
                    EmbeddedConversationItem(f"\n{after.author.display_name}: {after.content}<|endofstatement|>\n", 0)
                )
