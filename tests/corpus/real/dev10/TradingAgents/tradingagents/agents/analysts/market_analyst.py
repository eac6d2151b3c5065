"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/analysts/market_analyst.py (lines 1-95), trimmed; not the original text."""

from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

from tradingagents.agents.utils.agent_utils import (
    get_indicators,
    get_instrument_context_from_state,
    get_language_instruction,
    get_stock_data,
    get_verified_market_snapshot,
)


def create_market_analyst(llm):
    def market_analyst_node(state):
        current_date = state["trade_date"]
        instrument_context = get_instrument_context_from_state(state)

        tools = [get_stock_data, get_indicators, get_verified_market_snapshot]

        # ~4.4k characters of fixed instructions in the original (the indicator catalogue)
        system_message = (
            "You are a trading assistant who picks the most relevant technical indicators for the "
            "market condition at hand, choosing at most eight that complement each other instead "
            "of repeating the same signal. The indicators you may choose from are grouped below.\n\n"
            "Moving averages:\n"
            "- close_50_sma: the fifty-day simple moving average, a medium-term trend gauge that also "
            "acts as moving support or resistance; it lags, so pair it with faster averages.\n"
            "- close_200_sma: the two-hundred-day simple moving average, the long-term trend benchmark "
            "used to confirm the broad direction and spot golden or death crosses; slow to react.\n"
            "- close_10_ema: the ten-day exponential average, quick to follow momentum shifts and "
            "entries; noisy in choppy markets, so filter it with the longer averages.\n\n"
            "MACD family:\n"
            "- macd: momentum from the difference of two exponential averages; watch crossovers and "
            "divergences, and confirm them in quiet or sideways markets.\n"
            "- macds: the signal line, an exponential smoothing of MACD whose crossings with MACD "
            "trigger trades; use it as part of a wider strategy to avoid false positives.\n"
            "- macdh: the histogram, the gap between MACD and its signal, which shows momentum "
            "strength and early divergence; it can swing, so add further filters.\n\n"
            "Momentum:\n"
            "- rsi: the relative strength index flags overbought and oversold readings with the 70/30 "
            "thresholds and divergences; in strong trends it can stay extreme, so check the trend.\n\n"
            "Volatility:\n"
            "- boll: the Bollinger middle band, a twenty-day average that anchors price movement; "
            "use it with the outer bands to find breakouts or reversals.\n"
            "- boll_ub: the upper band, two standard deviations above the middle, hinting at "
            "overbought conditions and breakout zones; prices can ride it in strong trends.\n"
            "- boll_lb: the lower band, two standard deviations below the middle, hinting at oversold "
            "conditions; confirm before calling a reversal.\n"
            "- atr: the average true range measures volatility for stop-loss placement and position "
            "sizing; it reacts after the fact, so use it inside a broader risk plan.\n\n"
            "Volume:\n"
            "- vwma: the volume-weighted moving average confirms trends by combining price with "
            "volume; beware of distortions from volume spikes.\n\n"
            "Pick indicators that add different information and explain briefly why they fit the "
            "current context. Use the exact indicator names above in tool calls or the call fails. "
            "Call get_stock_data first to fetch the CSV the indicators need, then get_indicators "
            "with the chosen names.\n\n"
            "Before the final report, call get_verified_market_snapshot for this ticker and date and "
            "treat it as the source of truth for every exact price, volume or indicator value. Flag "
            "conflicts with other tool output instead of inventing a reconciled number, and do not "
            "claim validations, bounces or percentage moves that no tool output supports with dates "
            "and prices.\n\n"
            "Write a detailed, nuanced report of the trends you see, with specific and actionable "
            "insights backed by evidence so traders can decide well."
            + " Finish the report with a Markdown table that organises its key points."
            + get_language_instruction()
        )

        prompt = ChatPromptTemplate.from_messages(
            [
                (
                    "system",
                    "You are a helpful AI assistant, collaborating with other assistants."
                    " Use the provided tools to progress towards answering the question."
                    " If you cannot fully answer, another assistant with other tools will continue."
                    " If you or another assistant has the FINAL TRANSACTION PROPOSAL: **BUY/HOLD/SELL**,"
                    " prefix your response with it so the team knows to stop."
                    " You have access to the following tools: {tool_names}."
                    " Today's date is {current_date}; treat it as 'now' for all analysis. {instrument_context}\n"
                    "{system_message}",
                ),
                MessagesPlaceholder(variable_name="messages"),
            ]
        )

        prompt = prompt.partial(system_message=system_message)
        prompt = prompt.partial(tool_names=", ".join([tool.name for tool in tools]))
        prompt = prompt.partial(current_date=current_date)  # expect: PL104
        prompt = prompt.partial(instrument_context=instrument_context)

        chain = prompt | llm.bind_tools(tools)
        result = chain.invoke(state["messages"])

        report = ""
        if len(result.tool_calls) == 0:
            report = result.content
        return {"messages": [result], "market_report": report}

    return market_analyst_node
