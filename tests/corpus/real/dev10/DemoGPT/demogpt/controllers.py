"""Reconstruction of melih-unsal/DemoGPT@aca748b7134549d6fa80c5c3a989779919697095:demogpt/controllers.py (lines 440-470), trimmed; not the original text."""

import re


def checkPromptTemplates(templates, task, additional_inputs=[]):
    template_inputs = task["input_key"] + additional_inputs
    feedback = ""
    for input_key in template_inputs:
        if f"{{{input_key}}}" not in templates:
            feedback += f"'{{{input_key}}}' is not included in any of the templates.\n"
    matches = set(re.findall(r"\{([^}]+)\}", templates))
    for match in matches:
        if match not in template_inputs:
            feedback += f"'{{{match}}}' cannot be included nowhere in the templates. You must remove '{{{match}}}'.\n"
    valid = len(feedback) == 0
    return {"feedback": feedback, "valid": valid}
