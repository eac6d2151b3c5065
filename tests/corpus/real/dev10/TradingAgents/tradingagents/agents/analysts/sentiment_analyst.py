"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/analysts/sentiment_analyst.py (lines 27-183), trimmed; not the original text."""

from datetime import datetime, timedelta

from langchain_core.messages import AIMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

from tradingagents.agents.schemas import SentimentReport, render_sentiment_report
from tradingagents.agents.utils.agent_utils import (
    get_instrument_context_from_state,
    get_language_instruction,
    get_news,
)
from tradingagents.agents.utils.structured import bind_structured, invoke_structured_or_freetext
from tradingagents.dataflows.reddit import fetch_reddit_posts
from tradingagents.dataflows.stocktwits import fetch_stocktwits_messages


def _seven_days_back(trade_date: str) -> str:
    return (datetime.strptime(trade_date, "%Y-%m-%d") - timedelta(days=7)).strftime("%Y-%m-%d")


def create_sentiment_analyst(llm):
    structured_llm = bind_structured(llm, SentimentReport, "Sentiment Analyst")

    def sentiment_analyst_node(state):
        ticker = state["company_of_interest"]
        end_date = state["trade_date"]
        start_date = _seven_days_back(end_date)
        instrument_context = get_instrument_context_from_state(state)

        news_block = get_news.func(ticker, start_date, end_date)
        stocktwits_block = fetch_stocktwits_messages(ticker, limit=30)
        reddit_block = fetch_reddit_posts(ticker)

        system_message = _build_system_message(
            ticker=ticker,
            start_date=start_date,
            end_date=end_date,
            news_block=news_block,
            stocktwits_block=stocktwits_block,
            reddit_block=reddit_block,
        )

        prompt = ChatPromptTemplate.from_messages(
            [
                (
                    "system",
                    "You are a helpful AI assistant, collaborating with other assistants."
                    " Today's date is {current_date}; treat it as 'now'. {instrument_context}"
                    "\n{system_message}",
                ),
                MessagesPlaceholder(variable_name="messages"),
            ]
        )
        prompt = prompt.partial(system_message=system_message)
        prompt = prompt.partial(current_date=end_date)
        prompt = prompt.partial(instrument_context=instrument_context)

        # one request per run: the messages are only the placeholder the clear node left
        formatted_messages = prompt.format_messages(messages=state["messages"])
        report_text = invoke_structured_or_freetext(
            structured_llm, llm, formatted_messages, render_sentiment_report, "Sentiment Analyst"
        )
        return {"messages": [AIMessage(content=report_text)], "sentiment_report": report_text}

    return sentiment_analyst_node


def _build_system_message(*, ticker, start_date, end_date, news_block, stocktwits_block, reddit_block) -> str:
    # the original has ~400 fixed characters before the data blocks and ~2.6k after them
    return f"""You are a market sentiment analyst. Write a sentiment report for {ticker} from {start_date} to {end_date} using the three sources collected below.

## Sources

### News headlines (Yahoo Finance, last 7 days)
<start_of_news>
{news_block}
<end_of_news>

### StockTwits messages (cashtag, with Bullish / Bearish tags)
<start_of_stocktwits>
{stocktwits_block}
<end_of_stocktwits>

### Reddit posts (r/wallstreetbets, r/stocks, r/investing)
<start_of_reddit>
{reddit_block}
<end_of_reddit>

## How to read the data

1. Treat the StockTwits bullish / bearish ratio as a leading retail signal, weighed by the number of messages.
2. Look for divergences between sources; a mismatch is a signal in itself.
3. Weight Reddit posts by engagement and read the bodies, not only the titles.
4. Tell events from opinions and weigh them differently.
5. Name the recurring narrative themes across sources.
6. Be honest about thin or missing data and lower the confidence accordingly.
7. Identify catalysts and risks that appear across sources.
8. Past sentiment does not predict prices; frame conclusions as signal for the trader.

## Output fields

- overall_band: one of Bullish / Mildly Bullish / Neutral / Mixed / Mildly Bearish / Bearish.
- overall_score: 0 (most bearish) to 10 (most bullish), consistent with the band.
- confidence: low / medium / high, from data quality and sample size.
- narrative: source-by-source breakdown, divergences, themes, catalysts and risks, and a summary table.

{get_language_instruction()}"""
