"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/agent_types/prompts.py (lines 1-27), trimmed; not the original text."""

xml_template = """{system_message}

You can use these tools:

{tools}

Call a tool with <tool></tool> and <tool_input></tool_input>; its answer comes back in
<observation></observation>. When done, answer the user normally.

Begin!"""
