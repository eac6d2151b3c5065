"""The proxy's log lines: one line each, credentials scrubbed.

aiohttp logs a malformed request (Content-Length with Transfer-Encoding, a bare CR, an
absolute-form request line) with its traceback: a client can fill the log with 11 lines a
request. It still gets its 400; the log gets one line naming the problem. Every line the
proxy and aiohttp write passes `scrub_secrets`, as error texts quote URLs and headers.
"""

from __future__ import annotations

import logging

from promptlint.proxy.headers import scrub_secrets

LOGGERS = ("promptlint.proxy", "aiohttp.server", "aiohttp.web", "aiohttp.access")


class OneLineScrubbed(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text = f"{text}: {type(exc).__name__}: {exc}"
            record.exc_info = None
            record.exc_text = None
        record.msg = scrub_secrets(" ".join(text.split()))
        record.args = ()
        return True


_FILTER = OneLineScrubbed()


def install() -> None:
    """Idempotent: each logger gets the filter once."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
