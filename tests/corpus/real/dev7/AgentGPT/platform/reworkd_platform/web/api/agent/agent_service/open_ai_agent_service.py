"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/web/api/agent/agent_service/open_ai_agent_service.py (lines 60-227), trimmed; not the original text."""

from langchain import LLMChain
from langchain.prompts import ChatPromptTemplate, SystemMessagePromptTemplate
from langchain.schema import HumanMessage

from reworkd_platform.web.api.agent.helpers import call_model_with_handling, openai_error_handler
from reworkd_platform.web.api.agent.prompts import analyze_task_prompt, chat_prompt, create_tasks_prompt, start_goal_prompt
from reworkd_platform.web.api.agent.tools.open_ai_function import get_tool_function
from reworkd_platform.web.api.agent.tools.tools import get_user_tools


class OpenAIAgentService:
    def __init__(self, model, settings, token_service, callbacks, user, oauth_crud):
        self.model = model
        self.settings = settings
        self.token_service = token_service
        self.callbacks = callbacks
        self.user = user
        self.oauth_crud = oauth_crud

    async def start_goal_agent(self, *, goal: str) -> str:
        return await call_model_with_handling(
            self.model,
            ChatPromptTemplate.from_messages([SystemMessagePromptTemplate(prompt=start_goal_prompt)]),
            {"goal": goal, "language": self.settings.language},
            settings=self.settings,
            callbacks=self.callbacks,
        )

    async def analyze_task_agent(self, *, goal: str, task: str, tool_names: list):
        user_tools = await get_user_tools(tool_names, self.user, self.oauth_crud)
        functions = list(map(get_tool_function, user_tools))
        prompt = analyze_task_prompt.format_prompt(goal=goal, task=task, language=self.settings.language)
        return await openai_error_handler(
            func=self.model.apredict_messages,
            messages=prompt.to_messages(),
            functions=functions,
            settings=self.settings,
            callbacks=self.callbacks,
        )

    async def create_tasks_agent(self, *, goal: str, tasks: list, last_task: str, result: str) -> str:
        prompt = ChatPromptTemplate.from_messages([SystemMessagePromptTemplate(prompt=create_tasks_prompt)])
        args = {"goal": goal, "language": self.settings.language, "tasks": "\n".join(tasks), "lastTask": last_task, "result": result}
        return await call_model_with_handling(self.model, prompt, args, settings=self.settings, callbacks=self.callbacks)

    async def summarize_task_agent(self, *, goal: str, results: list):
        snippet_max_tokens = 7000
        text_tokens = self.token_service.tokenize("".join(results))
        text = self.token_service.detokenize(text_tokens[0:snippet_max_tokens])
        return text

    async def chat(self, *, message: str, results: list):
        prompt = ChatPromptTemplate.from_messages(
            [
                SystemMessagePromptTemplate(prompt=chat_prompt),
                *[HumanMessage(content=result) for result in results],
                HumanMessage(content=message),
            ]
        )
        chain = LLMChain(llm=self.model, prompt=prompt)
        return await chain.arun({"language": self.settings.language})
