"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/utils/memory.py (lines 9-95), trimmed; not the original text."""

from pathlib import Path


class TradingMemoryLog:
    _SEPARATOR = "\n\n<!-- ENTRY_END -->\n\n"

    def __init__(self, config: dict = None):
        cfg = config or {}
        path = cfg.get("memory_log_path")
        self._log_path = Path(path).expanduser() if path else None

    def load_entries(self) -> list:
        if not self._log_path or not self._log_path.exists():
            return []
        text = self._log_path.read_text(encoding="utf-8")
        return [self._parse_entry(e) for e in text.split(self._SEPARATOR) if e.strip()]

    def get_past_context(self, ticker: str, n_same: int = 5, n_cross: int = 3) -> str:
        # read once per run, into the portfolio manager's one-shot prompt
        entries = [e for e in self.load_entries() if not e.get("pending")]
        if not entries:
            return ""
        same, cross = [], []
        for e in reversed(entries):
            if len(same) >= n_same and len(cross) >= n_cross:
                break
            if e["ticker"] == ticker and len(same) < n_same:
                same.append(e)
            elif e["ticker"] != ticker and len(cross) < n_cross:
                cross.append(e)
        parts = []
        if same:
            parts.append(f"Past analyses of {ticker} (most recent first):")
            parts.extend(self._format_full(e) for e in same)
        if cross:
            parts.append("Recent cross-ticker lessons:")
            parts.extend(self._format_reflection_only(e) for e in cross)
        return "\n\n".join(parts)

    def _parse_entry(self, raw: str) -> dict:
        fields = [f.strip() for f in raw.strip().splitlines()[0][1:-1].split("|")]
        return {"date": fields[0], "ticker": fields[1], "rating": fields[2], "pending": fields[3] == "pending", "body": raw}

    def _format_full(self, e: dict) -> str:
        return f"[{e['date']} | {e['ticker']} | {e['rating']}]\n\n{e['body']}"

    def _format_reflection_only(self, e: dict) -> str:
        return f"[{e['date']} | {e['ticker']}] {e['body']}"
