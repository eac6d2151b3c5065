"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/risk_mgmt/conservative_debator.py (lines 1-61), trimmed; not the original text."""

from tradingagents.agents.utils.agent_utils import (
    get_instrument_context_from_state,
    get_language_instruction,
)


def create_conservative_debator(llm):
    def conservative_node(state) -> dict:
        risk_debate_state = state["risk_debate_state"]
        history = risk_debate_state.get("history", "")
        conservative_history = risk_debate_state.get("conservative_history", "")
        current_aggressive_response = risk_debate_state.get("current_aggressive_response", "")
        current_neutral_response = risk_debate_state.get("current_neutral_response", "")
        market_research_report = state["market_report"]
        sentiment_report = state["sentiment_report"]
        news_report = state["news_report"]
        fundamentals_report = state["fundamentals_report"]
        instrument_context = get_instrument_context_from_state(state)
        trader_decision = state["trader_investment_plan"]

        prompt = f"""As the Conservative Risk Analyst you protect assets, limit volatility and favour steady growth. Examine the high-risk parts of the trader's plan and propose safer alternatives. Here is the trader's decision:

{trader_decision}

Counter the Aggressive and Neutral Analysts where they overlook threats, using these sources:

{instrument_context}
Market Research Report: {market_research_report}
Social Media Sentiment Report: {sentiment_report}
Latest World Affairs Report: {news_report}
Company Fundamentals Report: {fundamentals_report}
Here is the current conversation history: {history} Here is the last response from the aggressive analyst: {current_aggressive_response} Here is the last response from the neutral analyst: {current_neutral_response}.

Question their optimism, stress the downsides, and answer conversationally without special formatting.""" + get_language_instruction()

        response = llm.invoke(prompt)
        argument = f"Conservative Analyst: {response.content}"
        return {
            "risk_debate_state": {
                "history": history + "\n" + argument,
                "aggressive_history": risk_debate_state.get("aggressive_history", ""),
                "conservative_history": conservative_history + "\n" + argument,
                "neutral_history": risk_debate_state.get("neutral_history", ""),
                "latest_speaker": "Conservative",
                "current_aggressive_response": current_aggressive_response,
                "current_conservative_response": argument,
                "current_neutral_response": current_neutral_response,
                "count": risk_debate_state["count"] + 1,
            }
        }

    return conservative_node
