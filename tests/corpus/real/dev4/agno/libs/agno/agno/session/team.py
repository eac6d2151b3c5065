"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/session/team.py (lines 114-258, 291-380), trimmed; not the original text.

The team's history, like the agent's, is cut to the last num_history_runs runs on every run.
"""


class TeamSession:
    def __init__(self, session_id, runs=None, summary=None):
        self.session_id = session_id
        self.runs = runs or []
        self.summary = summary

    def get_messages(self, last_n_runs=None, limit=None, skip_statuses=("paused", "cancelled", "error")):
        if not self.runs:
            return []
        session_runs = [run for run in self.runs if run.parent_run_id is None]
        session_runs = [run for run in session_runs if run.status not in skip_statuses]
        if last_n_runs is not None:
            if last_n_runs <= 0:
                return []
            session_runs = session_runs[-last_n_runs:]  # expect: PL301
        messages_from_history = []
        for run in session_runs:
            for message in run.messages or []:
                if message.role != "system" and not getattr(message, "from_history", False):
                    messages_from_history.append(message)
        if limit is not None:
            messages_from_history = messages_from_history[-limit:] if limit > 0 else []
        return messages_from_history

    def get_team_history(self, team_id=None, num_runs=None):
        if not self.runs:
            return []
        completed_runs = [run for run in self.runs if run.status == "completed" and run.parent_run_id is None]
        if num_runs is not None:
            if num_runs <= 0:
                return []
            recent_runs = completed_runs[-num_runs:]
        else:
            recent_runs = completed_runs
        return [(str(run.input), str(run.content)) for run in recent_runs]

    def get_team_history_context(self, team_id=None, num_runs=None):
        history_data = self.get_team_history(team_id=team_id, num_runs=num_runs)
        if not history_data:
            return None
        context_parts = ["<team_history_context>"]
        for i, (input_str, response_str) in enumerate(history_data, 1):
            context_parts += [f"[run-{i}]", f"input: {input_str}", f"response: {response_str}", ""]
        context_parts += ["</team_history_context>", ""]
        return "\n".join(context_parts)
