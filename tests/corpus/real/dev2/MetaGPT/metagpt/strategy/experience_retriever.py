"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/strategy/experience_retriever.py (lines 13-20, 658-680), trimmed; not the original text."""

from typing import Literal

DEPLOY_EXAMPLE = "## example: deploy a web app\n..."
FIX_ISSUE_EXAMPLE = "## example: fix a GitHub issue\n..."
WEB_SCRAPING_EXAMPLE = "## example: scrape a site with search and clicks\n..."


class ExpRetriever:
    def retrieve(self, context: str = "") -> str:
        raise NotImplementedError


class DummyExpRetriever(ExpRetriever):
    EXAMPLE: str = ""

    def retrieve(self, context: str = "") -> str:
        return self.EXAMPLE


class KeywordExpRetriever(ExpRetriever):
    def retrieve(self, context: str, exp_type: Literal["plan", "task"] = "plan") -> str:
        if exp_type == "plan":
            if "deploy" in context.lower():
                return DEPLOY_EXAMPLE
            if "issue" in context.lower():
                return FIX_ISSUE_EXAMPLE
            if "search" in context.lower():
                return WEB_SCRAPING_EXAMPLE
        return ""
