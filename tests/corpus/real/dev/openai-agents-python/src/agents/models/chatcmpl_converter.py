"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:src/agents/models/chatcmpl_converter.py
(lines 760-790), trimmed; not the original text.
"""

import json


class Converter:
    @classmethod
    def file_search_call_to_tool_call(cls, file_search: dict) -> dict:
        # clean: a dict literal with two constant keys, the same for the same item every turn
        return {
            "id": file_search["id"],
            "type": "function",
            "function": {
                "name": "file_search_call",
                "arguments": json.dumps({"queries": file_search.get("queries", []), "status": file_search.get("status")}),
            },
        }
