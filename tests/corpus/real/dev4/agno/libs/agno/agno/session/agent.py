"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/session/agent.py (lines 115-236), trimmed; not the original text.

The history of a run is taken from the session's runs: only the last num_history_runs runs
(3 unless configured) or the last num_history_messages messages, cut again on every run.
"""


class AgentSession:
    def __init__(self, session_id, runs=None, summary=None):
        self.session_id = session_id
        self.runs = runs or []
        self.summary = summary

    def get_messages(self, last_n_runs=None, limit=None, skip_roles=None, skip_history_messages=True):
        def _should_skip_message(message):
            if getattr(message, "from_history", False) and skip_history_messages:
                return True
            return bool(skip_roles and message.role in skip_roles)

        if not self.runs:
            return []
        runs = [run for run in self.runs if run.parent_run_id is None]
        if last_n_runs is not None:
            if last_n_runs <= 0:
                return []
            runs = runs[-last_n_runs:]  # expect: PL301
        messages_from_history = []
        for run_response in runs:
            for message in run_response.messages or []:
                if _should_skip_message(message) or message.role == "system":
                    continue
                messages_from_history.append(message)
        if limit is not None:
            messages_from_history = messages_from_history[-limit:] if limit > 0 else []
            while messages_from_history and messages_from_history[0].role == "tool":
                messages_from_history.pop(0)
        return messages_from_history
