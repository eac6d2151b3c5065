"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/prompts.py
(lines 8-61), trimmed; not the original text.
"""

commit_system = """You write one-line git commit messages in the imperative mood.
Reply with the commit message only.{language_instruction}
"""

summarize = """Summarise this part of a conversation about code, briefly, in the first person.
Keep function names, file names and libraries.
"""

summary_prefix = "Earlier I talked with you about several things.\n"
