"""Reconstruction of Kav-K/GPTDiscord@2bf8e5cf6267bb44b62e78b19d79b594379b5a7d:models/openai_model.py (lines 818-880, 940-1110, 1185-1280), trimmed; not the original text."""
import re

import aiohttp


class Model:
    def cleanse_username(self, text):
        return re.sub(r"[^a-zA-Z0-9_-]", "", text)

    async def send_summary_request(self, prompt, custom_api_key=None):
        summary_request_text = []
        summary_request_text.append(
            "The following is a conversation instruction set and a conversation between two people, a <username>, and GPTie."
            " Firstly, determine the <username>'s name from the conversation history, then summarize the conversation."
        )
        summary_request_text.append(prompt + "\nDetailed summary of conversation: \n")
        summary_request_text = "".join(summary_request_text)

        messages = []
        messages.append({"role": "system", "content": summary_request_text})
        async with aiohttp.ClientSession() as session:
            payload = {"model": self.model, "messages": messages, "temperature": self.temp}
            async with session.post("https://api.openai.com/v1/chat/completions", json=payload) as resp:
                return await resp.json()

    async def send_chatgpt_chat_request(self, prompt_history, model, bot_name, user_displayname, temp_override=None,
                                        stop=None, custom_api_key=None, system_prompt_override=None, respond_json=None):
        model_selection = self.model if not model else model
        bot_name_clean = self.cleanse_username(bot_name)

        messages = []
        for number, message in enumerate(prompt_history):
            if number == 0:
                if not system_prompt_override:
                    messages.append({"role": "system", "content": message.text})
                    continue
                else:
                    messages.append({"role": "system", "content": system_prompt_override})
                    messages.append({"role": "user", "name": user_displayname, "content": message.text})
                    continue
            try:
                if message.text.strip().lower().startswith("this conversation has some context from earlier"):
                    raise Exception("This is a context message")
                if message.text.startswith(f"\n{bot_name}"):
                    role = "assistant"
                    text = message.text.replace(bot_name, "")
                    text = text.replace("<|endofstatement|>", "")
                else:
                    role = "user"
                    username = re.search(r"(?<=\n)(.*?)(?=:)", message.text).group()
                    username_clean = self.cleanse_username(username)
                    text = message.text.replace(f"{username}:", "")
                    text = text.rstrip()
                    text = text.replace("<|endofstatement|>", "")
                messages.append({"role": role, "name": (username_clean if role == "user" else bot_name_clean), "content": text})
            except Exception:
                text = message.text.replace("<|endofstatement|>", "")
                messages.append({"role": "system", "content": text})

        async with aiohttp.ClientSession() as session:
            payload = {
                "model": model_selection,
                "messages": messages,
                "stop": "" if stop is None else stop,
                "temperature": self.temp if temp_override is None else temp_override,
            }
            async with session.post("https://api.openai.com/v1/chat/completions", json=payload) as resp:
                return await resp.json()

    async def send_request(self, prompt, model=None, stop=None, custom_api_key=None, is_chatgpt_request=False,
                           system_instruction=None):
        if not is_chatgpt_request:
            if system_instruction:
                messages = [
                    {"role": "system", "content": system_instruction},
                    {"role": "user", "content": prompt},
                ]
            else:
                messages = [{"role": "user", "content": prompt}]

        async with aiohttp.ClientSession() as session:
            model_selection = self.model if not model else model
            payload = {"model": model_selection, "messages": messages, "stop": "" if stop is None else stop}
            async with session.post("https://api.openai.com/v1/chat/completions", json=payload) as resp:
                return await resp.json()
