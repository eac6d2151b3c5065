"""Templates that use the application's own filters, tests and functions.

Applications register filters (`usd`, `markdown`) jinja2 does not know; such a template
is still checked: static rules always, the render check with stand-ins it says it used.
Chat template files are loaded by model servers, which have no such filters: there an
unknown filter stays an error.
"""

from __future__ import annotations

from pathlib import Path

from promptlint.check import registry
from promptlint.check.config import CheckConfig
from promptlint.check.engine import check_text

JINJA_RULES = registry.all_rules("jinja")
CONFIG = CheckConfig(root=Path.cwd())
REPO = Path(__file__).resolve().parent.parent.parent

APP_PROMPT = """\
Today is {{ now() }}. You help {{ customer_name }} with billing questions.
Your balance is {{ balance | usd }}.{% if plan is premium %} Premium support.{% endif %}
{{ format_rules() }}
Answer politely, cite the invoice number, and never promise refunds you cannot give.
"""

APP_CHAT = """\
{% for message in messages %}
{% set greetings = ['Hi!', 'Hello!', 'Hey!', 'Welcome!'] %}
{% if message.role == 'system' %}<|system|>{{ message.content | markdown }} {{ greetings | random }}
{% else %}<|{{ message.role }}|>{{ message.content | markdown }}
{% endif %}
{% endfor %}
{% if add_generation_prompt %}<|assistant|>{% endif %}
"""


def test_app_prompt_with_unknown_helpers_is_checked_not_an_error() -> None:
    out = check_text("prompts/billing_system.j2", APP_PROMPT, JINJA_RULES, CONFIG)
    assert out.errors == []
    codes = {(f.code, f.line) for f in out.findings}
    assert ("PL101", 1) in codes  # now() printed into the prompt
    assert ("PL104", 1) in codes  # customer_name before the static text


def test_app_chat_template_is_rendered_with_stand_ins_and_says_so() -> None:
    out = check_text("prompts/chat.jinja", APP_CHAT, JINJA_RULES, CONFIG)
    assert out.errors == []
    random = [f for f in out.findings if f.code == "PL103"]
    assert [f.line for f in random] == [3]
    assert random, out.findings
    # The render check ran (the random choice is confirmed by rendering) with a stand-in.
    assert "Rendering confirms it" in random[0].message
    assert "stand-ins for the application's filter `markdown`" in random[0].message
    assert random[0].details["assumptions"]


def test_unknown_filter_in_a_server_chat_template_is_still_an_error() -> None:
    source = APP_CHAT.replace("{% for", "{{ strftime_now('%d %b %Y') }}\n{% for", 1)
    out = check_text("model/chat_template.jinja", source, JINJA_RULES, CONFIG)
    assert len(out.errors) == 1
    assert "No filter named 'markdown'" in out.errors[0].reason
    # The static rules ran all the same.
    assert ("PL101", 1) in {(f.code, f.line) for f in out.findings}


def test_the_repository_report_template_is_readable() -> None:
    path = REPO / "promptlint" / "report" / "templates" / "report.html.j2"
    out = check_text(str(path), path.read_text(encoding="utf-8"), JINJA_RULES, CONFIG)
    assert out.errors == []
