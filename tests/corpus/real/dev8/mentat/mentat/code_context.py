"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/code_context.py (lines 123-211, 236-327), trimmed; not the original text."""

from pathlib import Path
from typing import Optional

from mentat.include_files import get_code_features_for_path
from mentat.llm_api_handler import get_max_tokens
from mentat.session_context import SESSION_CONTEXT


class CodeContext:
    def __init__(self, diff_context):
        self.diff_context = diff_context
        self.include_files = {}

    async def refresh_daemon(self):
        await self.daemon.update()

    async def get_code_message(self, prompt_tokens: int, prompt: Optional[str] = None) -> str:
        ctx = SESSION_CONTEXT.get()
        config = ctx.config
        header_lines = []
        self.diff_context.refresh()
        if self.diff_context.diff_files():
            header_lines += [f"Diff References: {self.diff_context.name}\n"]
        header_lines += ["Code Files:\n\n"]

        await self.refresh_daemon()
        context_builder = self.daemon.get_context("", max_tokens=0)
        for path, features in self.include_files.items():
            for feature in features:
                context_builder.add_ref(feature.rel_path(ctx.cwd) + feature.interval_string(),
                                        tags=["user-included"])

        if config.auto_context_tokens > 0 and prompt:
            include_files_tokens = ctx.llm_api_handler.spice.count_tokens(
                context_builder.render(), config.model, is_message=False
            )
            auto_tokens = min(
                get_max_tokens() - prompt_tokens - include_files_tokens - config.token_buffer,
                config.auto_context_tokens,
            )
            # files picked by similarity to this request's message, within a budget that shrinks
            # as the history grows
            context_builder = self.daemon.get_context(  # expect: PL104
                query=prompt,
                context_builder=context_builder,
                max_tokens=get_max_tokens(),
                auto_tokens=auto_tokens,
            )
            for ref in context_builder.to_refs():
                self.include_features([Path(ctx.cwd) / ref])

        # the files as they are on disk now (after the edits applied since the last request)
        context_message = context_builder.render()  # expect: PL104
        return "\n".join(header_lines) + context_message

    def include_features(self, code_features):
        included_paths = set()
        # a directory or glob arrives as a set of CodeFeatures (hashed by path): the order of
        # include_files, and so of the files in the code message, follows that set
        for code_feature in code_features:  # expect: PL201
            if code_feature.path not in self.include_files:
                self.include_files[code_feature.path] = [code_feature]
                included_paths.add(Path(str(code_feature)))
            elif not any(f.interval == code_feature.interval for f in self.include_files[code_feature.path]):
                self.include_files[code_feature.path].append(code_feature)
                included_paths.add(Path(str(code_feature)))
        return included_paths

    def include(self, path, exclude_patterns=()):
        ctx = SESSION_CONTEXT.get()
        code_features = get_code_features_for_path(path=Path(path), cwd=ctx.cwd,
                                                   exclude_patterns=set(exclude_patterns))
        return self.include_features(code_features)
