"""LangChain chat prompts: templates, message objects, chains."""

from datetime import datetime

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o-mini")

prompt = ChatPromptTemplate.from_messages(
    [
        ("system", "You are a helpful HR assistant. Today is {today}. Follow the handbook."),
        MessagesPlaceholder("history"),
        ("human", "{question}"),
    ]
)
chain = prompt | llm


def ask(question: str, history: list) -> str:
    return chain.invoke(
        {
            "today": datetime.now().strftime("%A %d %B"),  # expect: PL101
            "history": history,
            "question": question,
        }
    ).content


def ask_with_messages(question: str) -> str:
    messages = [
        SystemMessage(content=f"Current time {datetime.now():%H:%M}. You help with HR policy."),  # expect: PL101
        HumanMessage(content=question),
    ]
    return llm.invoke(messages).content


clean_prompt = ChatPromptTemplate.from_messages(
    [
        ("system", "You are a helpful HR assistant. Follow the handbook."),
        MessagesPlaceholder("history"),
        ("human", "(asked {asked_at}) {question}"),
    ]
)
clean_chain = clean_prompt | llm


def ask_clean(question: str, history: list) -> str:
    reply = clean_chain.invoke(
        {"asked_at": datetime.now().isoformat(), "history": history, "question": question}
    )
    messages = [
        SystemMessage(content="You help with HR policy."),
        HumanMessage(content=f"It is {datetime.now():%H:%M}. {question}"),
    ]
    return reply.content + llm.invoke(messages).content
