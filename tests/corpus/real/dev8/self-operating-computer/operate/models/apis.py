"""Reconstruction of OthersideAI/self-operating-computer@fac568eea7da5e24f8bc91bfc1211b65679177eb:operate/models/apis.py (lines 34-1104), trimmed; not the original text."""

import base64
import json

from operate.config import Config
from operate.models.prompts import (
    get_system_prompt,
    get_user_first_message_prompt,
    get_user_prompt,
)
from operate.utils.screenshot import capture_screen_with_cursor

config = Config()


async def get_next_action(model, messages, objective, session_id):
    if model == "gpt-4":
        return call_gpt_4o(messages), None
    if model == "gpt-4-with-ocr":
        return await call_gpt_4o_with_ocr(messages, objective, model), None
    if model == "llava":
        return call_ollama_llava(messages), None
    if model == "claude-3":
        return await call_claude_3_with_ocr(messages, objective, model), None
    raise ValueError(model)


def screenshot_base64(filename):
    capture_screen_with_cursor(filename)
    with open(filename, "rb") as img_file:
        return base64.b64encode(img_file.read()).decode("utf-8")


def call_gpt_4o(messages):
    client = config.initialize_openai()
    img_base64 = screenshot_base64("screenshots/screenshot.png")
    if len(messages) == 1:
        user_prompt = get_user_first_message_prompt()
    else:
        user_prompt = get_user_prompt()
    vision_message = {
        "role": "user",
        "content": [
            {"type": "text", "text": user_prompt},
            {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{img_base64}"}},
        ],
    }
    messages.append(vision_message)
    response = client.chat.completions.create(
        model="gpt-4o",
        messages=messages,
        presence_penalty=1,
    )
    content = clean_json(response.choices[0].message.content)
    messages.append({"role": "assistant", "content": content})
    return json.loads(content)


async def call_gpt_4o_with_ocr(messages, objective, model):
    try:
        client = config.initialize_openai()
        confirm_system_prompt(messages, objective, model)
        img_base64 = screenshot_base64("screenshots/screenshot.png")
        user_prompt = get_user_first_message_prompt() if len(messages) == 1 else get_user_prompt()
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": user_prompt},
                    {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{img_base64}"}},
                ],
            }
        )
        response = client.chat.completions.create(model="gpt-4o", messages=messages)
        content_str = clean_json(response.choices[0].message.content)
        content = json.loads(content_str)
        # the assistant turn is appended only once the operations were processed
        messages.append({"role": "assistant", "content": content_str})
        return content
    except Exception:
        return gpt_4_fallback(messages, objective, model)


def call_ollama_llava(messages):
    model = config.initialize_ollama()
    screenshot_filename = "screenshots/screenshot.png"
    capture_screen_with_cursor(screenshot_filename)
    user_prompt = get_user_first_message_prompt() if len(messages) == 1 else get_user_prompt()
    vision_message = {"role": "user", "content": user_prompt, "images": [screenshot_filename]}
    messages.append(vision_message)
    response = model.chat(model="llava", messages=messages)
    # the image is dropped from the history after it was sent once
    messages[-1]["images"] = None  # expect: PL301
    content = clean_json(response["message"]["content"].strip())
    messages.append({"role": "assistant", "content": content})
    return json.loads(content)


async def call_claude_3_with_ocr(messages, objective, model):
    client = config.initialize_anthropic()
    confirm_system_prompt(messages, objective, model)
    img_data = screenshot_base64("screenshots/screenshot.png")
    user_prompt = get_user_first_message_prompt() if len(messages) == 1 else get_user_prompt()
    messages.append(
        {
            "role": "user",
            "content": [
                {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": img_data}},
                {"type": "text", "text": user_prompt + "**REMEMBER** Only output json."},
            ],
        }
    )
    response = client.messages.create(
        model="claude-3-opus-20240229",
        max_tokens=3000,
        system=messages[0]["content"],
        messages=messages[1:],
    )
    content = clean_json(response.content[0].text)
    try:
        parsed = json.loads(content)
    except json.JSONDecodeError as e:
        # a repair request of its own, without the conversation
        response = client.messages.create(
            model="claude-3-opus-20240229",
            max_tokens=3000,
            system=f"This json string is not valid ({e}); return a correct json string only.",
            messages=[{"role": "user", "content": content}],
        )
        content = clean_json(response.content[0].text)
        parsed = json.loads(content)
    messages.append({"role": "assistant", "content": content})
    return parsed


def gpt_4_fallback(messages, objective, model):
    system_prompt = get_system_prompt("gpt-4o", objective)
    messages[0] = {"role": "system", "content": system_prompt}
    return call_gpt_4o(messages)


def confirm_system_prompt(messages, objective, model):
    # put the model's own system prompt back in case a fallback replaced it
    system_prompt = get_system_prompt(model, objective)
    new_system_message = {"role": "system", "content": system_prompt}
    messages[0] = new_system_message


def clean_json(content):
    if content.startswith("```json"):
        content = content[len("```json"):].strip()
    elif content.startswith("```"):
        content = content[len("```"):].strip()
    if content.endswith("```"):
        content = content[: -len("```")].strip()
    return "\n".join(line.strip() for line in content.splitlines())
