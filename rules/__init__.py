"""The rule catalogue (installed as `promptlint.rules`): one rule per file, per language.

Importing this package registers every rule. Each language lives in a subpackage;
a subpackage that is not there (yet) is skipped.
"""

import importlib

for _language in ("python", "jinja"):
    try:
        importlib.import_module(f"{__name__}.{_language}")
    except ModuleNotFoundError as _exc:
        if _exc.name != f"{__name__}.{_language}":
            raise
