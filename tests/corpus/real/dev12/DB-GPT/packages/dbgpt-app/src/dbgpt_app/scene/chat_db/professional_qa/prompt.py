"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_db/professional_qa/prompt.py (lines 14-76), trimmed; not the original text."""

from dbgpt.core import (
    ChatPromptTemplate,
    HumanPromptTemplate,
    MessagesPlaceholder,
    SystemPromptTemplate,
)

_DEFAULT_TEMPLATE = """
Provide professional answers to requests and questions. If you can't get an answer \
from what you've provided, say: "Insufficient information in the knowledge base is \
available to answer this question." Feel free to fudge information.
Use the following tables generate sql if have any table info:
{table_info}

NOTE: this is a QA-only scene; you cannot execute SQL here. The table list \
above contains only the TOP-K most relevant tables retrieved from a vector \
store; it is NOT the complete list of tables in the database. If the user \
asks for a total count of tables, a list of all tables, a schema overview, \
or any other metadata that requires knowing the whole database, do NOT \
answer with a count or list derived from the partial table list above. \
Instead, acknowledge the limitation and show the SQL query against \
INFORMATION_SCHEMA (or the dialect-specific system catalog) that the user \
can run in a SQL-executing scene to obtain the answer.

user question:
{input}
think step by step.
"""

prompt = ChatPromptTemplate(
    messages=[
        SystemPromptTemplate.from_template(_DEFAULT_TEMPLATE),
        MessagesPlaceholder(variable_name="chat_history"),
        HumanPromptTemplate.from_template("{input}"),
    ]
)
