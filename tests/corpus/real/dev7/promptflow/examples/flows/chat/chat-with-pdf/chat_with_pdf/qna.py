"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:examples/flows/chat/chat-with-pdf/chat_with_pdf/qna.py (lines 1-15), trimmed; not the original text.

The answer request: the earlier turns as the user typed them (main.py 53-56, the flow's
chat_history), then this turn's question rendered into the QnA template with the retrieved context.
"""

import os

from utils.oai import OAIChat


def qna(prompt: str, history: list):
    max_completion_tokens = int(os.environ.get("MAX_COMPLETION_TOKENS"))
    chat = OAIChat()
    return chat.stream(
        messages=history + [{"role": "user", "content": prompt}],  # expect: PL301
        max_tokens=max_completion_tokens,
    )
