"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/researchers/bull_researcher.py (lines 1-61), trimmed; not the original text."""

from tradingagents.agents.utils.agent_utils import (
    get_instrument_context_from_state,
    get_language_instruction,
)


def create_bull_researcher(llm):
    def bull_node(state) -> dict:
        investment_debate_state = state["investment_debate_state"]
        history = investment_debate_state.get("history", "")
        bull_history = investment_debate_state.get("bull_history", "")
        current_response = investment_debate_state.get("current_response", "")
        market_research_report = state["market_report"]
        sentiment_report = state["sentiment_report"]
        news_report = state["news_report"]
        fundamentals_report = state["fundamentals_report"]
        instrument_context = get_instrument_context_from_state(state)
        asset_type = state.get("asset_type", "stock")
        target_label = "stock" if asset_type == "stock" else "asset"

        # fixed instructions first, then the run's reports, then the append-only debate history
        prompt = f"""You are a Bull Analyst arguing for investing in the {target_label}. Build an evidence-based case around growth potential, competitive advantages and positive indicators, and answer the bearish arguments directly.

Focus on growth potential, competitive advantages, positive indicators, rebuttals of the bear's points, and a conversational debating style.

Resources available:
{instrument_context}
Market research report: {market_research_report}
Social media sentiment report: {sentiment_report}
Latest world affairs news: {news_report}
Fundamentals report: {fundamentals_report}
Conversation history of the debate: {history}
Last bear argument: {current_response}
Use this information to deliver a compelling bull argument.
""" + get_language_instruction()

        response = llm.invoke(prompt)
        argument = f"Bull Analyst: {response.content}"
        return {
            "investment_debate_state": {
                "history": history + "\n" + argument,
                "bull_history": bull_history + "\n" + argument,
                "bear_history": investment_debate_state.get("bear_history", ""),
                "current_response": argument,
                "count": investment_debate_state["count"] + 1,
            }
        }

    return bull_node
