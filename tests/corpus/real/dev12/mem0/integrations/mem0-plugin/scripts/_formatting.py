"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:integrations/mem0-plugin/scripts/_formatting.py (lines 26-51), trimmed; not the original text."""


def format_age(memory: dict) -> str:
    created = memory.get("created_at", "")
    if not created:
        return ""
    try:
        from datetime import datetime, timezone

        if created.endswith("Z"):
            created = created[:-1] + "+00:00"
        dt = datetime.fromisoformat(created)
        now = datetime.now(timezone.utc)
        seconds = int((now - dt).total_seconds())
        if seconds < 3600:
            return f"{seconds // 60}m ago"
        if seconds < 86400:
            return f"{seconds // 3600}h ago"
        return f"{seconds // 86400}d ago"
    except Exception:
        return ""
