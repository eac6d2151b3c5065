"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/chatchat/webui_pages/dialogue/dialogue.py (lines 52-77), trimmed; not the original text."""

from streamlit_chatbox import ChatBox

chat_box = ChatBox()


def get_messages_history(history_len: int, content_in_expander: bool = False):
    def filter(msg):
        content = [x for x in msg["elements"] if x._output_method in ["markdown", "text"]]
        if not content_in_expander:
            content = [x for x in content if not x._in_expander]
        content = [x.content for x in content]
        return {"role": msg["role"], "content": "\n\n".join(content)}

    messages = chat_box.filter_history(history_len=history_len, filter=filter)  # expect: PL301
    if sys_msg := chat_box.context.get("system_message"):
        messages = [{"role": "system", "content": sys_msg}] + messages
    return messages
