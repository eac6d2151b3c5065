"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/templates/namespaces.py (lines 32-70, 175-212, 317-356), trimmed; not the original text.

Template namespaces of the system prompt: every preset opens with the identity fragment
"... Today's date is {{ system.date }}." (prompts/fragments/identity.txt) and ends with the
memory and attachments sections.
"""

import re
import uuid
from datetime import datetime, timezone
from typing import Any, Dict, Optional


class SystemNamespace:
    namespace_name = "system"

    def build(self, request_id: Optional[str] = None, user_id: Optional[str] = None, persona: Optional[str] = None, **kwargs) -> Dict[str, Any]:
        now = datetime.now(timezone.utc)  # expect: PL101
        return {
            "date": now.strftime("%Y-%m-%d"),
            "time": now.strftime("%H:%M:%S"),
            "timestamp": now.isoformat(),
            "request_id": request_id or str(uuid.uuid4()),
            "user_id": user_id,
            "persona": persona,
        }


class ToolsNamespace:
    namespace_name = "tools"

    def build(self, tools_data: Optional[Dict[str, Any]] = None, enabled_tools: Optional[Any] = None, **kwargs) -> Dict[str, Any]:
        safe_data: Dict[str, Any] = {}
        for tool_name, tool_result in (tools_data or {}).items():
            if isinstance(tool_result, (str, dict, list, int, float, bool, type(None))):
                safe_data[tool_name] = tool_result
        if enabled_tools is not None:
            safe_data["enabled"] = sorted({str(t) for t in enabled_tools if t})
        return safe_data


class AttachmentsNamespace:
    namespace_name = "attachments"

    def build(self, attachments: Optional[list] = None, **kwargs) -> Dict[str, Any]:
        if not attachments:
            return {}
        files = []
        for att in attachments:
            filename = att.get("filename") or att.get("name")
            if not filename:
                continue
            clean = re.sub(r"[\x00-\x1f\x7f]", " ", str(filename))[:255].strip()
            files.append({"filename": clean, "mime_type": att.get("mime_type") or "application/octet-stream"})
        return {"files": files} if files else {}


class NamespaceManager:
    def __init__(self) -> None:
        self.builders = [SystemNamespace(), ToolsNamespace(), AttachmentsNamespace()]

    def build_context(self, **kwargs) -> Dict[str, Any]:
        return {b.namespace_name: b.build(**kwargs) for b in self.builders}
