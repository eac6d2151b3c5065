"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/storm_wiki/modules/storm_dataclass.py
(lines 65-80, 119-145), trimmed; not the original text.

The information table: the snippets collected for a URL, and those retrieved for a section,
pass through sets.
"""

import copy
from typing import Dict, List

import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


class StormInformationTable:
    def __init__(self, url_to_info: Dict):
        self.url_to_info = url_to_info
        self.encoder = None
        self.collected_urls: List[str] = []
        self.collected_snippets: List[str] = []
        self.encoded_snippets = None

    @staticmethod
    def construct_url_to_info(conversations) -> Dict:
        url_to_info: Dict = {}
        for _persona, conv in conversations:
            for turn in conv:
                for storm_info in turn.search_results:
                    if storm_info.url in url_to_info:
                        url_to_info[storm_info.url].snippets.extend(storm_info.snippets)
                    else:
                        url_to_info[storm_info.url] = storm_info
        for url in url_to_info:
            url_to_info[url].snippets = list(set(url_to_info[url].snippets))
        return url_to_info

    def retrieve_information(self, queries, search_top_k: int) -> List:
        selected_urls, selected_snippets = [], []
        if isinstance(queries, str):
            queries = [queries]
        for query in queries:
            sim = cosine_similarity([self.encoder.encode(query)], self.encoded_snippets)[0]
            for i in np.argsort(sim)[-search_top_k:][::-1]:
                selected_urls.append(self.collected_urls[i])
                selected_snippets.append(self.collected_snippets[i])
        url_to_snippets: Dict = {}
        for url, snippet in zip(selected_urls, selected_snippets):
            # clean (doubtful): set order of a URL's snippets, inside the section's collected information
            url_to_snippets.setdefault(url, set()).add(snippet)
        selected_url_to_info = {}
        for url in url_to_snippets:
            selected_url_to_info[url] = copy.deepcopy(self.url_to_info[url])
            selected_url_to_info[url].snippets = list(url_to_snippets[url])
        return list(selected_url_to_info.values())
