"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/core/computer/computer.py
(lines 55-150), trimmed; not the original text.
"""

import inspect


class Computer:
    def __init__(self, interpreter):
        self.interpreter = interpreter
        self.mouse = object()
        self.keyboard = object()
        self.display = object()
        self.browser = object()
        computer_tools = "\n".join(self._get_all_computer_tools_signature_and_description())
        # clean: the API listing comes from a fixed list of tools and dir(), which is sorted
        self.system_message = f"""
# THE COMPUTER API

A python `computer` module is ALREADY IMPORTED:

```python
{computer_tools}
```

Do not import the computer module or its sub-modules.
""".strip()

    def _get_all_computer_tools_list(self):
        return [self.mouse, self.keyboard, self.display, self.browser]

    def _get_all_computer_tools_signature_and_description(self):
        tools_signature_and_description = []
        for tool in self._get_all_computer_tools_list():
            tool_info = self._extract_tool_info(tool)
            for method in tool_info["methods"]:
                tools_signature_and_description.append(f"{method['signature']} # {method['description']}")
        return tools_signature_and_description

    def _extract_tool_info(self, tool):
        tool_info = {"signature": tool.__class__.__name__, "methods": []}
        # clean: dir() returns the names sorted
        for name in dir(tool):
            attr = getattr(tool, name)
            if callable(attr) and not name.startswith("_"):
                tool_info["methods"].append({"signature": f"computer.{tool.__class__.__name__.lower()}.{name}{inspect.signature(attr)}", "description": (attr.__doc__ or "").strip()})
        return tool_info
