"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/actions/web_browser.py (lines 669-745, 840-866, 912-939), trimmed; not the original text."""

import asyncio
import hashlib
import json
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import datetime


class TencentSearch:
    def _get_headers_and_payload(self, query: str) -> tuple:
        payload = json.dumps(dict(Query=query))
        timestamp = int(time.time())
        date = datetime.utcfromtimestamp(timestamp).strftime("%Y-%m-%d")
        credential_scope = date + "/" + self.service + "/tc3_request"
        digest = hashlib.sha256((payload + credential_scope).encode("utf-8")).hexdigest()
        headers = {"Authorization": "TC3-HMAC-SHA256 Signature=" + digest, "X-TC-Timestamp": str(timestamp)}
        return headers, payload


class WebBrowser:
    def search(self, query) -> dict:
        queries = query if isinstance(query, list) else [query]
        search_results = {}
        with ThreadPoolExecutor() as executor:
            future_to_query = {executor.submit(self.searcher.search, q): q for q in queries}
            for future in as_completed(future_to_query):
                for result in future.result().values():
                    if result["url"] not in search_results:
                        search_results[result["url"]] = result
                    else:
                        search_results[result["url"]]["summ"] += "\n" + result["summ"]
        self.search_results = {idx: result for idx, result in enumerate(search_results.values())}
        return self.search_results


class AsyncWebBrowser(WebBrowser):
    async def search(self, query) -> dict:
        queries = query if isinstance(query, list) else [query]
        search_results = {}
        tasks = [asyncio.create_task(self.searcher.asearch(q)) for q in queries]
        for future in asyncio.as_completed(tasks):
            results = await future
            for result in results.values():
                if result["url"] not in search_results:
                    search_results[result["url"]] = result
        self.search_results = {idx: result for idx, result in enumerate(search_results.values())}
        return self.search_results
