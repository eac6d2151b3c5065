"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/lsp_logic/multilspy/language_server.py (lines 59, 355-446, 702-737), trimmed; not the original text."""

import os


class LanguageServer:
    async def request_definition(self, rel_file, line, column):
        raise NotImplementedError

    async def get_direct_context(self, captures, language, project_dir, rel_file):
        target_file = str(os.path.join(project_dir, rel_file))
        context_files = set()
        context_symbols = set()
        for ref in captures:
            name_symbol = str(ref[0].text.decode())
            symbol_definition = await self.request_definition(
                rel_file, line=ref[0].start_point[0], column=ref[0].start_point[1]
            )
            for d in symbol_definition:
                d_path = d["uri"].removeprefix("file://")
                if d_path != target_file and project_dir in d_path:
                    context_files.add(d_path)
                    context_symbols.add(name_symbol)
        return context_files, context_symbols
