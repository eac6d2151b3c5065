"""Reconstruction of myshell-ai/AIlice@63a22105cdf8c0d297af332010f46e4153bbc1ec:ailice/prompts/APromptMain.py (lines 1-92), trimmed; not the original text."""

from datetime import datetime
from importlib.resources import read_text

from ailice.prompts.ATools import ConstructOptPrompt, FindRecords


class APromptMain():
    PROMPT_NAME = "main"

    def __init__(self, processor, storage, collection, conversations, formatter, config, outputCB=None):
        self.processor = processor
        self.storage = storage
        self.collection = collection
        self.conversations = conversations
        self.formatter = formatter
        self.config = config
        self.prompt0 = read_text("ailice.prompts", "prompt_simple.txt")
        self.PATTERNS = {"CALL": [{"re": "CALL", "isEntry": True}]}

    def Recall(self, key: str):
        ret = self.storage.Recall(collection=self.collection, query=key, num_results=4)
        for r in ret:
            if (key not in r[0]) and (r[0] not in key):
                return r[0]
        return "None."

    def GetPatterns(self):
        linkedFunctions = FindRecords("", lambda r: ((r['action'] in self.PATTERNS)), -1, self.storage, self.collection + "_functions")
        allFunctions = sum([FindRecords("", lambda r: r['module'] == m, -1, self.storage, self.collection + "_functions") for m in set([func['module'] for func in linkedFunctions])], [])
        patterns = {f['action']: [{"re": f['signature'], "isEntry": True}] for f in allFunctions}
        patterns.update(self.PATTERNS)
        return patterns

    def ParameterizedBuildPrompt(self, n: int):
        context = self.conversations.GetConversations(frm=-1)[0]['msg']
        agents = FindRecords("Investigate, perform tasks, program", lambda r: (r['properties']['type'] == 'primary'), 10, self.storage, self.collection + "_prompts")
        agents += FindRecords(context, lambda r: (r['properties']['type'] == 'primary') and (r not in agents), 5, self.storage, self.collection + "_prompts")
        prompt0 = self.prompt0.replace("<AGENTS>", "\n".join([f" - {agent['name']}: {agent['desc']}" for agent in agents if agent['name'] not in ["main", "researcher", "doc-reader", "coder-proxy"]]))
        prompt = (
            f"\n{prompt0}\n\nEnd of general instructions.\n\n"
            "Current date and time(%Y-%m-%d %H:%M:%S):\n"
            f"{datetime.now().strftime('%Y-%m-%d %H:%M:%S')}\n\n"  # expect: PL101
            f"Active Agents: {[k + ': agentType ' + p.GetPromptName() for k, p in self.processor.subProcessors.items()]}\n\n"
            f"Variables:\n{self.processor.EnvSummary()}\n\n"
            f"Relevant Information:\n{self.Recall(context)}\n"
            "The \"Relevant Information\" part contains data that may be related to the current task.\n"
        )
        return self.formatter(prompt0=prompt, conversations=self.conversations.GetConversations(frm=-n))

    def BuildPrompt(self):
        prompt, n, tokenNum = ConstructOptPrompt(self.ParameterizedBuildPrompt, low=1, high=len(self.conversations), maxLen=int(self.processor.llm.contextWindow * self.config.contextWindowRatio))
        if prompt is None:
            prompt, tokenNum = self.ParameterizedBuildPrompt(1)
        return prompt, tokenNum


APrompt = APromptMain
