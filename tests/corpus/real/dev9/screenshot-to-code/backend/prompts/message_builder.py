"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/prompts/message_builder.py (lines 10-59), trimmed; not the original text."""

# The history the frontend sends holds each earlier assistant turn as the resulting code;
# it is rendered here as one <file> text message, while the model produced (and the
# requests of that turn's tool loop sent) create_file / edit_file calls and their
# results: every new turn sends the previous turn differently from how it was sent.


def _wrap_assistant_file_content(content: str, path: str = "index.html") -> str:
    stripped = content.strip()
    if stripped.startswith("<file ") and stripped.endswith("</file>"):
        return stripped
    return f'<file path="{path}">\n{stripped}\n</file>'


def build_history_message(item):
    role = item["role"]
    media_urls = [*item.get("images", []), *item.get("videos", [])]
    if role == "user" and len(media_urls) > 0:
        user_content = [
            {"type": "image_url", "image_url": {"url": media_url, "detail": "high"}}
            for media_url in media_urls
        ]
        user_content.append({"type": "text", "text": item.get("text", "")})
        return {"role": role, "content": user_content}
    return {
        "role": role,
        "content": (
            _wrap_assistant_file_content(item.get("text", ""))  # expect: PL301
            if role == "assistant"
            else item.get("text", "")
        ),
    }
