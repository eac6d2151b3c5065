"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/prompts/update/from_history.py (lines 12-61), trimmed; not the original text."""

# On the first update the first user turn is rebuilt from the history as
# "Selected stack ... / image policy / the typed text", not as the create prompt
# (prompts/create/image.py) that turn was sent with.
from prompts import system_prompt
from prompts.message_builder import build_history_message
from prompts.policies import build_selected_stack_policy, build_user_image_policy


def build_update_prompt_from_history(stack, history, image_generation_enabled, design_system=None):
    first_user_index = next((index for index, item in enumerate(history) if item["role"] == "user"), -1)
    if first_user_index == -1:
        raise ValueError("Update history must include at least one user message")

    prompt_messages = [{"role": "system", "content": system_prompt.SYSTEM_PROMPT}]
    selected_stack = build_selected_stack_policy(stack)
    image_policy = build_user_image_policy(image_generation_enabled)
    for index, item in enumerate(history):
        if index == first_user_index:
            stack_prefix = "\n\n".join([selected_stack, image_policy])
            user_text = item.get("text", "")
            prefixed_text = f"{stack_prefix}\n\n{user_text}" if user_text.strip() else stack_prefix  # expect: PL301
            prompt_messages.append(
                build_history_message(
                    {"role": "user", "text": prefixed_text, "images": item.get("images", []), "videos": item.get("videos", [])}
                )
            )
            continue
        prompt_messages.append(build_history_message(item))
    return prompt_messages
