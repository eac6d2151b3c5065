"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/api/answer/services/prompt_renderer.py (lines 104-183), trimmed; not the original text."""

from typing import Any, Dict, Optional

from application.templates.namespaces import NamespaceManager
from application.templates.template_engine import TemplateEngine


class PromptRenderer:
    def __init__(self):
        self.template_engine = TemplateEngine()
        self.namespace_manager = NamespaceManager()

    def render_prompt(self, prompt_content: str, user_id: Optional[str] = None, request_id: Optional[str] = None, docs: Optional[list] = None, docs_together: Optional[str] = None, tools_data: Optional[Dict[str, Any]] = None, **kwargs) -> str:
        if not prompt_content:
            return ""
        if not ("{{" in prompt_content and "}}" in prompt_content):
            return self._apply_legacy_substitutions(prompt_content, docs_together)
        context = self.namespace_manager.build_context(
            user_id=user_id, request_id=request_id, docs=docs, docs_together=docs_together, tools_data=tools_data, **kwargs
        )
        return self.template_engine.render(prompt_content, context)

    def _apply_legacy_substitutions(self, prompt_content: str, docs_together: Optional[str] = None) -> str:
        # A legacy custom prompt carries this turn's retrieved documents in its {summaries} slot.
        return prompt_content.replace("{summaries}", docs_together or "")  # expect: PL104
