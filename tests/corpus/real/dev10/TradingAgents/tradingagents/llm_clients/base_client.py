"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/llm_clients/base_client.py (lines 6-22), trimmed; not the original text."""


def normalize_content(response):
    # the reply is stored in the state with its text blocks joined, reasoning blocks dropped
    content = response.content
    if isinstance(content, list):
        texts = [
            item.get("text", "") if isinstance(item, dict) and item.get("type") == "text"
            else item if isinstance(item, str) else ""
            for item in content
        ]
        response.content = "\n".join(t for t in texts if t)
    return response
