"""How one proxied request ended: the record's error text and the metric it counts under."""

from __future__ import annotations

import enum

from promptlint.proxy.headers import scrub_secrets


class Outcome(enum.Enum):
    """Each member: (the record's error text, the kind it counts as in upstream_errors_total).

    An upstream's own error status (a 429, a 500) is `OK` here: the proxy forwarded it
    verbatim and the record keeps the status; these are the proxy's own failures.
    """

    OK = (None, None)
    UPSTREAM_UNREACHABLE = ("upstream unreachable", "unreachable")
    UPSTREAM_RESET = ("upstream reset mid-response", "reset_mid_response")
    CLIENT_GONE_BEFORE_RESPONSE = ("client disconnected before the response", "client_gone")
    CLIENT_GONE_MID_RESPONSE = ("client disconnected mid-response", "client_gone")
    CLIENT_GONE_AT_END = ("client disconnected before the end of the response", "client_gone")

    def __init__(self, message: str | None, metric_kind: str | None) -> None:
        self.message = message
        self.metric_kind = metric_kind

    def error_text(self, detail: str | None = None) -> str | None:
        """The record's error: None for `OK`, else the message and, after a colon, the detail."""
        if self.message is None or detail is None:
            return self.message
        return f"{self.message}: {scrub_secrets(detail)}"
