"""Reconstruction of Integuru-AI/Integuru@6370793e75b54a7592e0dfe96a495e41653dd66b:integuru/models/DAGManager.py (lines 1-22), trimmed; not the original text."""

import uuid
from typing import Dict, List, Optional

import networkx as nx


class DAGManager:
    def __init__(self):
        self.graph = nx.DiGraph()

    def add_node(
        self,
        node_type: str,
        content: Optional[dict] = None,
        dynamic_parts: Optional[List[str]] = None,
        extracted_parts: Optional[List[str]] = None,
        input_variables: Optional[Dict[str, str]] = None,
    ):
        # node ids name graph nodes; prompts show the nodes' cURL text, not the ids
        node_id = str(uuid.uuid4())
        self.graph.add_node(node_id, node_type=node_type, content=content, dynamic_parts=dynamic_parts,
                            extracted_parts=extracted_parts, input_variables=input_variables)
        return node_id
