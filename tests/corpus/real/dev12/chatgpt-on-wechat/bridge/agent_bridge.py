"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:bridge/agent_bridge.py (lines 363-440, 613-645, 656-731, 733-838), trimmed; not the original text."""

from config import conf


class AgentBridge:
    _SCHEDULED_MARKER = "[SCHEDULED]"

    def agent_reply(self, query: str, context=None, on_event=None, clear_history: bool = False):
        session_id = context.get("session_id") if context else None
        agent = self.get_agent(session_id=session_id)
        if session_id and session_id.startswith("scheduler_"):
            scheduler_keep_turns = max(1, int(conf().get("agent_max_context_turns", 20)) // 5)
            self._trim_in_memory_to_turns(agent, scheduler_keep_turns)
        response = agent.run_stream(user_message=query, on_event=on_event, clear_history=clear_history)
        if session_id:
            new_messages = getattr(agent, "_last_run_new_messages", [])
            if new_messages:
                self._persist_messages(session_id, list(new_messages), "")
        return response

    def _persist_messages(self, session_id: str, new_messages: list, channel_type: str = "") -> None:
        thinking_enabled = bool(conf().get("enable_thinking", False))
        messages_to_store = new_messages
        if not thinking_enabled:
            messages_to_store = self._strip_thinking_blocks(new_messages)
        from agent.memory import get_conversation_store

        get_conversation_store().append_messages(session_id, messages_to_store, channel_type=channel_type)

    def remember_scheduled_output(self, session_id: str, content: str, channel_type: str = "", task_description: str = "") -> None:
        user_text = self._SCHEDULED_MARKER
        if task_description:
            user_text = f"{self._SCHEDULED_MARKER} {task_description}"
        messages = [
            {"role": "user", "content": [{"type": "text", "text": user_text}]},
            {"role": "assistant", "content": [{"type": "text", "text": content[:2000]}]},
        ]
        self._persist_messages(session_id, messages, channel_type)
        keep_last_n = max(int(conf().get("scheduler_inject_max_per_session", 3) or 0), 0)
        agent = self.agents.get(session_id)
        if agent:
            with agent.messages_lock:
                agent.messages.extend(messages)
                self._prune_scheduled_in_memory(agent, keep_last_n)

    @staticmethod
    def _trim_in_memory_to_turns(agent, keep_turns: int) -> None:
        if keep_turns <= 0:
            return

        def _is_real_user(msg) -> bool:
            if not isinstance(msg, dict) or msg.get("role") != "user":
                return False
            content = msg.get("content")
            if isinstance(content, list):
                if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
                    return False
                return any(isinstance(b, dict) and b.get("type") == "text" and b.get("text") for b in content)
            return isinstance(content, str) and bool(content.strip())

        with agent.messages_lock:
            msgs = agent.messages
            real_user_indices = [i for i, m in enumerate(msgs) if _is_real_user(m)]
            if len(real_user_indices) <= keep_turns:
                return
            cut_idx = real_user_indices[-keep_turns]
            if cut_idx == 0:
                return
            kept = msgs[cut_idx:]  # expect: PL301
            msgs.clear()
            msgs.extend(kept)

    @classmethod
    def _prune_scheduled_in_memory(cls, agent, keep_last_n: int) -> None:
        markers = (cls._SCHEDULED_MARKER,)

        def _is_marker_user(msg) -> bool:
            if not isinstance(msg, dict) or msg.get("role") != "user":
                return False
            text = ""
            for block in msg.get("content") or []:
                if isinstance(block, dict) and block.get("type") == "text":
                    text = block.get("text", "")
                    break
            return any(text.startswith(m) for m in markers)

        msgs = agent.messages
        pair_indices = []
        for idx, msg in enumerate(msgs):
            if not _is_marker_user(msg):
                continue
            assistant_idx = idx + 1 if idx + 1 < len(msgs) and msgs[idx + 1].get("role") == "assistant" else None
            pair_indices.append((idx, assistant_idx))
        if len(pair_indices) <= keep_last_n:
            return
        to_drop = pair_indices[: len(pair_indices) - keep_last_n]
        drop_set = set()
        for u_idx, a_idx in to_drop:
            drop_set.add(u_idx)
            if a_idx is not None:
                drop_set.add(a_idx)
        kept = [m for i, m in enumerate(msgs) if i not in drop_set]  # expect: PL301
        msgs.clear()
        msgs.extend(kept)

    @staticmethod
    def _strip_thinking_blocks(messages: list) -> list:
        cleaned = []
        for msg in messages:
            content = msg.get("content") if isinstance(msg, dict) else None
            if not isinstance(msg, dict) or msg.get("role") != "assistant" or not isinstance(content, list):
                cleaned.append(msg)
                continue
            filtered_blocks = [b for b in content if not (isinstance(b, dict) and b.get("type") == "thinking")]
            cleaned.append({**msg, "content": filtered_blocks})
        return cleaned
