"""Reconstruction of SamuelSchmidgall/AgentLaboratory@123444b7690aedbe895ec68c0b69b6fe65d2a22a:inference.py (lines 35-211), trimmed; not the original text."""

import os
import time

import anthropic
from openai import OpenAI


def query_model(model_str, prompt, system_prompt, openai_api_key=None, tries=5, timeout=5.0, temp=None):
    if openai_api_key is not None:
        os.environ["OPENAI_API_KEY"] = openai_api_key
    for _ in range(tries):
        try:
            if model_str in ("gpt-4o", "gpt4o", "gpt-4o-mini"):
                # system prompt first, then the step's prompt as the only user message
                messages = [
                    {"role": "system", "content": system_prompt},
                    {"role": "user", "content": prompt},
                ]
                kwargs = {} if temp is None else {"temperature": temp}
                completion = OpenAI().chat.completions.create(
                    model="gpt-4o-2024-08-06", messages=messages, **kwargs
                )
                return completion.choices[0].message.content
            if model_str in ("o1", "o1-mini", "o3-mini"):
                # no system role: the system text is prepended to the prompt
                messages = [{"role": "user", "content": system_prompt + prompt}]
                completion = OpenAI().chat.completions.create(model=model_str, messages=messages)
                return completion.choices[0].message.content
            if model_str == "claude-3.5-sonnet":
                client = anthropic.Anthropic(api_key=os.environ["ANTHROPIC_API_KEY"])
                message = client.messages.create(
                    model="claude-3-5-sonnet-latest",
                    system=system_prompt,
                    messages=[{"role": "user", "content": prompt}],
                )
                return message.content[0].text
        except Exception as e:
            print("Inference Exception:", e)
            time.sleep(timeout)
    raise Exception("Max retries: timeout")
