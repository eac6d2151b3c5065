"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/prompts/policies.py (lines 4-18), trimmed; not the original text."""


def build_selected_stack_policy(stack) -> str:
    return f"Selected stack: {stack}."


def build_user_image_policy(image_generation_enabled: bool) -> str:
    if image_generation_enabled:
        return "Image generation is enabled for this request. Use generate_images for missing assets when needed."
    return "Image generation is disabled for this request. Do not call generate_images."
