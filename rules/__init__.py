"""The rule catalogue (installed as `promptlint.rules`): one rule per file, per language.

Each language is a subpackage; importing it registers its rules. The package itself
imports none of them: `check` loads a language's rules only when it finds a file in that
language (the Jinja rules bring jinja2, the Python rules libcst), and `promptlint rules`
loads them all (`promptlint.check.registry`).
"""

LANGUAGES = ("python", "jinja")
