"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/vector_db/base.py (lines 28-35), trimmed; not the original text."""


def deduplicate_results(results: list) -> list:
    # the set only answers "seen before?"; the list keeps first-seen order
    all_text_set = set()
    deduplicated_results = []
    for result in results:
        if result.text not in all_text_set:
            all_text_set.add(result.text)
            deduplicated_results.append(result)
    return deduplicated_results
