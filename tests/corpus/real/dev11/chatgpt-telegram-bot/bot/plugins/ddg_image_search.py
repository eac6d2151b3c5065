"""Reconstruction of n3d1117/chatgpt-telegram-bot@df4dcaa26923dee560ef8f9b4f18a682c9b059ad:bot/plugins/ddg_image_search.py (lines 1-74), trimmed; not the original text."""
import random
from itertools import islice
from typing import Dict

from duckduckgo_search import DDGS


class DDGImageSearchPlugin:
    async def execute(self, function_name, helper, **kwargs) -> Dict:
        with DDGS() as ddgs:
            image_type = kwargs.get('type', 'photo')
            ddgs_images_gen = ddgs.images(kwargs['query'], region=kwargs.get('region', 'wt-wt'), type_image=image_type)
            results = list(islice(ddgs_images_gen, 10))
            if not results or len(results) == 0:
                return {"result": "No results found"}

            random.shuffle(results)

            return {
                'direct_result': {
                    'kind': image_type,
                    'format': 'url',
                    'value': results[0]['image']
                }
            }
