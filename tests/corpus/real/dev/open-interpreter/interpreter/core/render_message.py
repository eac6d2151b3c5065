"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/core/render_message.py
(lines 1-46), trimmed; not the original text.
"""

import re


def render_message(interpreter, message):
    parts = re.split(r"({{.*?}})", message, flags=re.DOTALL)
    for i, part in enumerate(parts):
        if part.startswith("{{") and part.endswith("}}"):
            # runs the block's Python on every request: with the --os profile it prints the active
            # window, which lands in the system message ahead of the appended system text and the
            # whole history (respond.py)
            output = interpreter.computer.run("python", part[2:-2].strip(), display=interpreter.verbose)  # expect: PL104
            parts[i] = "\n".join(line["content"] for line in output if line.get("format") == "output")
    return "".join(parts).strip()
