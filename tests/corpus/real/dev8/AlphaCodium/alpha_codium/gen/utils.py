"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/utils.py (lines 13-34), trimmed; not the original text."""

from alpha_codium.settings.config_loader import get_settings


def clip_string(s: str, max_lines: int = None):
    # a long execution trace keeps its head and tail; this is one value of one prompt, not history
    lines = s.split("\n")
    if max_lines is not None and 0 < max_lines < len(lines):
        half_lines = int(max_lines / 2)
        lines = lines[:half_lines] + [f"\n.... {len(lines) - max_lines} omitted lines ....\n"] + lines[-half_lines:]
        return "\n".join(lines)
    return s


def render_trace(trace_data):
    if not trace_data:
        return ""
    return clip_string(trace_data, get_settings().code_tester.get("max_trace_lines"))


def load_yaml(response_text: str):
    import yaml

    return yaml.safe_load(response_text.rstrip("` \n").removeprefix("```yaml"))
