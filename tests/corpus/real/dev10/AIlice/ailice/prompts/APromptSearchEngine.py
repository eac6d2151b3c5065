"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/prompts/APromptSearchEngine.py (lines 1-85), trimmed; not the original text."""

from datetime import datetime
from importlib.resources import read_text

from ailice.prompts.ATools import ConstructOptPrompt, FindRecords


class APromptSearchEngine():
    PROMPT_NAME = "search-engine"

    def __init__(self, processor, storage, collection, conversations, formatter, config, outputCB=None):
        self.processor = processor
        self.storage = storage
        self.collection = collection
        self.conversations = conversations
        self.formatter = formatter
        self.config = config
        self.prompt0 = read_text("ailice.prompts", "prompt_searchengine.txt")
        self.PATTERNS = {"CALL": [{"re": "CALL", "isEntry": True}]}
        self.functions = []

    def Recall(self, key: str):
        ret = self.storage.Recall(collection=self.collection, query=key, num_results=4)
        for r in ret:
            if (key not in r[0]) and (r[0] not in key):
                return r[0]
        return "None."

    def GetPatterns(self):
        self.functions = FindRecords("Internet operations. Search engine operations. Retrieval operations.",
                                     lambda r: ((r['type'] == 'primary') and (r['action'] not in self.PATTERNS)),
                                     5, self.storage, self.collection + "_functions")
        context = self.conversations.GetConversations(frm=-1)[0]['msg']
        self.functions += FindRecords(context,  # expect: PL104
                                      lambda r: ((r['type'] == 'primary') and (r['action'] not in self.PATTERNS) and (r not in self.functions)),
                                      5, self.storage, self.collection + "_functions")
        patterns = {f['action']: [{"re": f['signature'], "isEntry": True}] for f in self.functions}
        patterns.update(self.PATTERNS)
        return patterns

    def ParameterizedBuildPrompt(self, n: int):
        context = self.conversations.GetConversations(frm=-1)[0]['msg']
        prompt0 = self.prompt0.replace("<FUNCTIONS>", "\n\n".join([f"#{f['prompt']}\n{f['signature']}" for f in self.functions]))
        prompt = (
            f"\n{prompt0}\n\nEnd of general instructions.\n\n"
            "Current date and time(%Y-%m-%d %H:%M:%S):\n"
            f"{datetime.now().strftime('%Y-%m-%d %H:%M:%S')}\n\n"  # expect: PL101
        )
        return self.formatter(prompt0=prompt, conversations=self.conversations.GetConversations(frm=-n))

    def BuildPrompt(self):
        prompt, n, tokenNum = ConstructOptPrompt(self.ParameterizedBuildPrompt, low=1, high=len(self.conversations), maxLen=int(self.processor.llm.contextWindow * self.config.contextWindowRatio))
        if prompt is None:
            prompt, tokenNum = self.ParameterizedBuildPrompt(1)
        return prompt, tokenNum


APrompt = APromptSearchEngine
