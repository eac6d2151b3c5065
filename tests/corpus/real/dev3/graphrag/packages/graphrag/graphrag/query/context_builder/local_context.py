"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/query/context_builder/local_context.py (lines 255-300), trimmed; not the original text."""

from collections import defaultdict


def _filter_relationships(selected_entities, relationships, top_k_relationships: int = 10, relationship_ranking_attribute: str = "rank"):
    selected_names = [e.title for e in selected_entities]
    out_network = [r for r in relationships if (r.source in selected_names) != (r.target in selected_names)]
    sources = [r.source for r in out_network if r.source not in selected_names]
    targets = [r.target for r in out_network if r.target not in selected_names]
    # the set only deduplicates names for counting; the relationships are sorted below
    out_network_entity_names = list(set(sources + targets))
    links = defaultdict(int)
    for name in out_network_entity_names:
        t = [r.target for r in out_network if r.source == name]
        s = [r.source for r in out_network if r.target == name]
        links[name] = len(set(t + s))
    for rel in out_network:
        rel.attributes = rel.attributes or {}
        rel.attributes["links"] = links[rel.source] if rel.source in links else links[rel.target]
    out_network.sort(key=lambda x: (x.attributes["links"], x.rank), reverse=True)
    return out_network[:top_k_relationships]
