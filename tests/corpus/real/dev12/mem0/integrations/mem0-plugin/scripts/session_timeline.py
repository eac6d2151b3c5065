"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:integrations/mem0-plugin/scripts/session_timeline.py (lines 61-81), trimmed; not the original text."""

from _formatting import TYPE_ICONS, format_age


def format_timeline(memories: list[dict]) -> str:
    if not memories:
        return ""
    lines = ["### Recent Activity", ""]
    for m in memories:
        mid = m.get("id", "?")[:8]
        text = (m.get("memory", "") or "")[:120].replace("\n", " ").strip()
        cat = (m.get("metadata") or {}).get("type", "unknown")
        age = format_age(m)
        age_str = f" ({age})" if age else ""
        lines.append(f"- {TYPE_ICONS.get(cat, '?')} [{cat}]{age_str} {text} [mem0:{mid}]")
    lines.append("")
    lines.append("Search mem0 for details on any of these, or for past decisions and task learnings relevant to the current task.")
    return "\n".join(lines)
