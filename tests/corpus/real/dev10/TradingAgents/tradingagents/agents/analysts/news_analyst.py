"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/analysts/news_analyst.py (lines 1-69), trimmed; not the original text."""

from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

from tradingagents.agents.utils.agent_utils import (
    get_global_news,
    get_instrument_context_from_state,
    get_language_instruction,
    get_macro_indicators,
    get_news,
    get_prediction_markets,
)


def create_news_analyst(llm):
    def news_analyst_node(state):
        current_date = state["trade_date"]
        asset_type = state.get("asset_type", "stock")
        asset_label = "company" if asset_type == "stock" else "asset"
        instrument_context = get_instrument_context_from_state(state)

        tools = [get_news, get_global_news, get_macro_indicators, get_prediction_markets]

        # ~1.1k characters of fixed instructions after the date in the original
        system_message = (
            f"You are a news researcher who reviews the past week's news and trends and writes a "
            f"report on the state of the world as it matters for trading and macroeconomics. Use "
            f"get_news(query, start_date, end_date) for {asset_label}-specific searches, "
            f"get_global_news(curr_date, look_back_days, limit) for wider macro news, "
            f"get_macro_indicators(indicator, curr_date, look_back_days) to ground macro claims in "
            f"FRED data, and get_prediction_markets(topic, limit) for market-implied odds of future "
            f"events. Give specific, actionable insights backed by evidence."
            + " Finish with a Markdown table of the key points."
            + get_language_instruction()
        )

        prompt = ChatPromptTemplate.from_messages(
            [
                (
                    "system",
                    "You are a helpful AI assistant, collaborating with other assistants."
                    " Use the provided tools to progress towards answering the question."
                    " You have access to the following tools: {tool_names}."
                    " Today's date is {current_date}; treat it as 'now' for all analysis. {instrument_context}\n"
                    "{system_message}",
                ),
                MessagesPlaceholder(variable_name="messages"),
            ]
        )

        prompt = prompt.partial(system_message=system_message)
        prompt = prompt.partial(tool_names=", ".join([tool.name for tool in tools]))
        prompt = prompt.partial(current_date=current_date)
        prompt = prompt.partial(instrument_context=instrument_context)

        chain = prompt | llm.bind_tools(tools)
        result = chain.invoke(state["messages"])
        report = result.content if len(result.tool_calls) == 0 else ""
        return {"messages": [result], "news_report": report}

    return news_analyst_node
