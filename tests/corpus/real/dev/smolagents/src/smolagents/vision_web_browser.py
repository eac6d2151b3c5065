"""Reconstruction of huggingface/smolagents@e3a5b8994b301983b91c0325546e9dc82eab8cf0:src/smolagents/vision_web_browser.py
(lines 60-85), trimmed; not the original text.

A step callback of the web agent: runs after every step, before the next request.
"""

from io import BytesIO
from time import sleep

import helium
import PIL.Image

from smolagents.memory import ActionStep


def save_screenshot(memory_step: ActionStep, agent) -> None:
    sleep(1.0)
    driver = helium.get_driver()
    current_step = memory_step.step_number
    if driver is not None:
        for previous_memory_step in agent.memory.steps:
            if isinstance(previous_memory_step, ActionStep) and previous_memory_step.step_number <= current_step - 2:
                # every step drops the screenshot of the step two back: that earlier user message
                # disappears from the history the next request sends
                previous_memory_step.observations_images = None  # expect: PL301
        png_bytes = driver.get_screenshot_as_png()
        image = PIL.Image.open(BytesIO(png_bytes))
        memory_step.observations_images = [image.copy()]
    url_info = f"Current url: {driver.current_url}"
    memory_step.observations = url_info if memory_step.observations is None else memory_step.observations + "\n" + url_info
