"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/uploaded_assets/store.py (lines 25-28, 64-65, 208-237), trimmed; not the original text."""

import base64
import hashlib
from dataclasses import dataclass


@dataclass
class TemporaryAsset:
    asset_id: str
    content_type: str


def _digest_for_bytes(image_bytes: bytes) -> str:
    return hashlib.sha256(image_bytes).hexdigest()[:24]


def persist_data_url_as_temporary_asset(data_url: str, asset_base_url: str):
    header, _, data = data_url.partition(",")
    image_bytes = base64.b64decode(data)
    asset_id = f"upload-{_digest_for_bytes(image_bytes)}"
    return TemporaryAsset(asset_id=asset_id, content_type=header.removeprefix("data:").split(";")[0])
