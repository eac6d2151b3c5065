"""Reconstruction of agiresearch/AIOS@2155966d68908f90c6c264a7935495e149c3869f:aios/terminal/intent_router.py (lines 179-224), trimmed; not the original text."""

from cerebrum.llm.apis import llm_chat

LLM_CLASSIFY_SYSTEM_PROMPT = """You are an intent classifier for a terminal application.
Classify the user's message as "chat" or "file_operation".
Respond with ONLY the category name."""


def build_llm_classify_fn(agent_name, base_url=None):
    def classify(user_input: str) -> str:
        response = llm_chat(
            agent_name=agent_name,
            messages=[
                {"role": "system", "content": LLM_CLASSIFY_SYSTEM_PROMPT},
                {"role": "user", "content": user_input},
            ],
            **({"base_url": base_url} if base_url else {}),
        )
        raw = str(response.get("response", "")).strip().lower()
        return "file_operation" if "file" in raw else "chat"

    return classify
