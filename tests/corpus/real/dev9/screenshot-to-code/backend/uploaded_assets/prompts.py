"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/uploaded_assets/prompts.py (lines 7-38, 52-63), trimmed; not the original text."""

# Asset ids are content hashes: every turn gives each earlier upload the same id again.
from copy import deepcopy

from uploaded_assets.store import persist_data_url_as_temporary_asset


def _build_asset_id_block(images, asset_base_url: str) -> str:
    asset_lines = []
    for index, image in enumerate(images, start=1):
        asset = persist_data_url_as_temporary_asset(image, asset_base_url)
        if asset:
            asset_lines.append(f"- Image {index}: asset_id `{asset.asset_id}`")
    if not asset_lines:
        return ""
    joined_asset_lines = "\n".join(asset_lines)
    return f"""

## Uploaded image asset IDs

{joined_asset_lines}

Call save_assets with their asset IDs before writing code that uses them.
"""


def append_uploaded_asset_ids_to_history(history, asset_base_url: str):
    history_with_assets = deepcopy(history)
    for item in history_with_assets:
        if item["role"] != "user":
            continue
        block = _build_asset_id_block(item.get("images", []), asset_base_url)
        if block:
            item["text"] = f"{item.get('text', '')}\n\n{block}".strip()
    return history_with_assets
