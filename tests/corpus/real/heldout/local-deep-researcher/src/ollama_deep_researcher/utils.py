"""Reconstruction of langchain-ai/local-deep-researcher@0be4c86ea71e1671ff273dfc07dc1aab45ed22f8:src/ollama_deep_researcher/utils.py (lines 55-121), trimmed; not the original text."""
CHARS_PER_TOKEN = 4


def deduplicate_and_format_sources(search_response, max_tokens_per_source, fetch_full_page=False):
    if isinstance(search_response, dict):
        sources_list = search_response["results"]
    else:
        sources_list = []
        for response in search_response:
            sources_list.extend(response["results"])
    unique_sources = {}
    for source in sources_list:
        if source["url"] not in unique_sources:
            unique_sources[source["url"]] = source
    formatted_text = "Sources:\n\n"
    for i, source in enumerate(unique_sources.values(), 1):
        formatted_text += f"Source: {source['title']}\n===\n"
        formatted_text += f"URL: {source['url']}\n===\n"
        formatted_text += f"Most relevant content from source: {source['content']}\n===\n"
        if fetch_full_page:
            char_limit = max_tokens_per_source * CHARS_PER_TOKEN
            raw_content = source.get("raw_content", "") or ""
            if len(raw_content) > char_limit:
                raw_content = raw_content[:char_limit] + "... [truncated]"
            formatted_text += f"Full source content limited to {max_tokens_per_source} tokens: {raw_content}\n\n"
    return formatted_text.strip()
