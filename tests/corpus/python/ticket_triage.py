"""Ticket triage with per-request data placed well and badly."""

import time
import uuid

from openai import OpenAI

client = OpenAI()

TRIAGE_RULES = """Classify the ticket into exactly one queue: billing, outage, account, other.
Billing: invoices, refunds, charges, payment methods, tax documents.
Outage: errors, timeouts, degraded performance, status page questions.
Account: login, password resets, two-factor authentication, user management.
Other: everything else, including feature requests and general feedback.
Answer with the queue name only, in lower case, with no punctuation."""
# With worked examples the rules pass 1,024 tokens: worth caching ahead of each ticket.
TRIAGE_GUIDE = TRIAGE_RULES + (
    "\nExample: 'I was charged twice for the same invoice this month' is billing." * 60
)


def triage_bad(ticket, retrieved_docs: str):
    system = f"Customer: {ticket.customer_name} (plan {ticket.plan}).\n{TRIAGE_GUIDE}"  # expect: PL104
    return client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": system},
            {"role": "user", "content": ticket.body},
        ],
    )


def triage_rag_bad(question: str, retrieved_docs: str):
    return client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": f"Context:\n{retrieved_docs}\n\n{TRIAGE_GUIDE}"},  # expect: PL104
            {"role": "user", "content": question},
        ],
    )


def triage_good(ticket, prompt_template: str):
    system = f"{prompt_template}\n{TRIAGE_RULES}\nCustomer: {ticket.customer_name}."
    return client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": system},
            {"role": "user", "content": f"[{time.strftime('%H:%M')}] {ticket.body}"},
        ],
        extra_body={"trace_id": uuid.uuid4().hex},
        stream_options={"include_usage": True},
        timeout=time.time() % 30 + 10,
        stream=True,
    )


def triage_single_message(ticket_body: str):
    # One user message: the rules after the ticket text are never cached, but at about 100
    # tokens they are far under the 1024 tokens OpenAI caches from, so moving them first
    # gains nothing there (reported with one-shot-min-tokens = 100, for an engine that
    # caches every block).
    return client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"Ticket:\n{ticket_body}\n\n{TRIAGE_RULES}"}],
    )


def triage_single_message_good(ticket_body: str):
    return client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"{TRIAGE_RULES}\n\nTicket:\n{ticket_body}"}],
    )
