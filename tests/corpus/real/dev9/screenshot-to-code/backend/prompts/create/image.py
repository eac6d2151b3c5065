"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/prompts/create/image.py (lines 8-72), trimmed; not the original text."""

# The screenshots come first in the user message, ahead of ~600 tokens of fixed
# replication instructions; the fixed system prompt (~1,600 tokens) precedes both.
from prompts import system_prompt
from prompts.policies import build_selected_stack_policy, build_user_image_policy


def build_image_prompt_messages(image_data_urls, stack, text_prompt, image_generation_enabled, design_system=None):
    image_policy = build_user_image_policy(image_generation_enabled)
    selected_stack = build_selected_stack_policy(stack)
    user_prompt = f"""
Generate code for a web page that looks exactly like the provided screenshot(s).

{selected_stack}

## Replication instructions
- Make sure the web page looks exactly like the screenshot.
- Use the exact text from the screenshot.
- Extract the exact image assets where possible with extract_assets; generate the others.
- {image_policy}

## Multiple screenshots
- If they appear to be different pages in a website, make them distinct pages and link them.
"""
    if text_prompt.strip():
        user_prompt = f"{user_prompt}\n\nAdditional instructions: {text_prompt}"

    user_content = [
        {"type": "image_url", "image_url": {"url": image_data_url, "detail": "high"}}
        for image_data_url in image_data_urls
    ]
    user_content.append({"type": "text", "text": user_prompt})
    return [
        {"role": "system", "content": system_prompt.SYSTEM_PROMPT},
        {"role": "user", "content": user_content},
    ]
