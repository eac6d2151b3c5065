"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/dedupe_edges.py (lines 43-100), trimmed; not the original text."""

from typing import Any

from .models import Message


def resolve_edge(context: dict[str, Any]) -> list[Message]:
    return [
        Message(role="system", content="You deduplicate facts. Facts with key differences differ."),
        Message(
            role="user",
            content=f"""
Facts that differ in numbers, dates or qualifiers are not duplicates.
duplicate_facts holds idx values of EXISTING FACTS only; contradicted_facts may use either list.

<EXISTING FACTS>
{context['existing_edges']}  # expect: PL104
</EXISTING FACTS>

<FACT INVALIDATION CANDIDATES>
{context['edge_invalidation_candidates']}
</FACT INVALIDATION CANDIDATES>

<NEW FACT>
{context['new_edge']}
</NEW FACT>

The idx numbering runs on from EXISTING FACTS into FACT INVALIDATION CANDIDATES.

1. DUPLICATE DETECTION: idx values of identical facts, else an empty list.
2. CONTRADICTION DETECTION: idx values the NEW FACT contradicts, from either list.

<EXAMPLE>
EXISTING idx=0 "Ana joined Acme in 2020"; NEW "Ana joined Acme in 2020" -> duplicates [0]
EXISTING idx=1 "Ana is an engineer at Acme"; NEW "Ana is a senior engineer at Acme" -> contradicted [1]
</EXAMPLE>
""",
        ),
    ]
