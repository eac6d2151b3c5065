"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/prompts/query/global_search_map_system_prompt.py (lines 6-85), trimmed; not the original text."""

MAP_SYSTEM_PROMPT = """
---Role---

You answer questions about the data in the tables below.

---Goal---

List the key points that answer the question, each with an importance score, as JSON.
Limit your response length to {max_length} words.

---Data tables---

{context_data}

---Goal---

List the key points that answer the question, each with a description and an importance score 0-100.
Cite records as [Data: Reports (ids)]. Answer "I don't know" with score 0 when the tables do not hold it.
Limit your response length to {max_length} words.

Respond in JSON: {{"points": [{{"description": "...", "score": 0}}]}}
"""

REDUCE_SYSTEM_PROMPT = """
---Role---

You merge the analysts' reports into one answer.

---Target response length and format---

{response_type}

---Analyst Reports---

{report_data}

---Goal---

Write one answer from the analysts' reports, ranked by importance, keeping their data references.
Limit your response length to {max_length} words.

---Target response length and format---

{response_type}
"""
