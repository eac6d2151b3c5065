"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:examples/customer_service_streaming/src/swarm/tool.py
(lines 1-30), trimmed; not the original text.
"""

from typing import Optional

from pydantic import BaseModel


class Tool(BaseModel):
    type: str
    function: Optional[dict]
    human_input: Optional[bool] = False
