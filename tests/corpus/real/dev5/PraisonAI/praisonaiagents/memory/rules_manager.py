"""Reconstruction of MervinPraison/PraisonAI@52e3e37b1c0ede378426e764fff38834f8e209c2:src/praisonai-agents/praisonaiagents/memory/rules_manager.py (lines 370-383, 570-592, 677-712), trimmed; not the original text."""

from pathlib import Path
from typing import Any


class RulesManager:
    SUPPORTED_EXTENSIONS = (".md", ".mdc")

    def __init__(self, rules_dir: Path) -> None:
        self._rules: dict[str, Any] = {}
        for rule in self._discover_rules_in_dir(rules_dir):
            self._rules[f"workspace:{rule.name}"] = rule

    def _load_rule_file(self, file_path: Path) -> Any: ...

    def _discover_rules_in_dir(self, rules_dir: Path) -> list[Any]:
        rules = []
        for ext in self.SUPPORTED_EXTENSIONS:
            for file_path in rules_dir.glob(f"*{ext}"):  # expect: PL201
                rule = self._load_rule_file(file_path)
                if rule:
                    rules.append(rule)
        return rules

    def get_active_rules(self) -> list[Any]:
        active = [r for r in self._rules.values() if r.activation == "always"]
        active.sort(key=lambda r: r.priority, reverse=True)
        return active

    def build_rules_context(self) -> str:
        return "\n\n".join(f"## {r.name}\n{r.content}" for r in self.get_active_rules())

    def get_glob_rules_for_paths(self, file_paths: list[str], exclude_names: set[str] | None = None) -> list[Any]:
        exclude = exclude_names or set()
        matched = [
            rule
            for rule in self._rules.values()
            if rule.activation == "glob" and rule.name not in exclude and any(rule.matches_file(fp) for fp in file_paths)
        ]
        matched.sort(key=lambda r: r.priority, reverse=True)
        return matched
