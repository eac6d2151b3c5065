"""Prompt parts filled by callables the framework calls on every run: LangChain
`.partial(...)` and `Agent(instructions=fn)` (OpenAI Agents SDK, pydantic-ai)."""

from datetime import datetime

from agents import Agent, RunContextWrapper, Runner
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI


def _get_datetime() -> str:
    return datetime.now().strftime("%m/%d/%Y, %H:%M:%S")  # expect: PL101


def _today_for_user() -> str:
    return datetime.now().strftime("%Y-%m-%d")  # only fills the human turn: fine


base = ChatPromptTemplate.from_messages(
    [
        ("system", "The current time is {date}. You are a travel-visa assistant."),
        ("human", "{question} (asked {asked})"),
    ]
)
prompt = base.partial(date=_get_datetime, asked=_today_for_user)
chain = prompt | ChatOpenAI(model="gpt-4o")

support = ChatPromptTemplate.from_messages(
    [("system", "Now: {now}. Region: {region}. You help."), ("human", "{q}")]
)


def ask(question: str) -> str:
    return chain.invoke({"question": question}).content


def ask_support(q: str) -> str:
    p = support.partial(now=datetime.now().isoformat(), region="EU")  # expect: PL101
    return (p | ChatOpenAI(model="gpt-4o")).invoke({"q": q}).content


def dynamic_instructions(ctx: RunContextWrapper, agent: Agent) -> str:
    return f"Current time {datetime.now().isoformat()}. You triage customer emails."  # expect: PL101


def static_instructions(ctx: RunContextWrapper, agent: Agent) -> str:
    return "You summarise customer emails in three bullet points."


triage = Agent(name="triage", instructions=dynamic_instructions, model="gpt-4.1-mini")
summary = Agent(name="summary", instructions=static_instructions, model="gpt-4.1-mini")


def run(email: str) -> str:
    return Runner.run_sync(triage, email).final_output
