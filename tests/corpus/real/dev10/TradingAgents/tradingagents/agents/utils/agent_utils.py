"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/utils/agent_utils.py (lines 52-214), trimmed; not the original text."""

from langchain_core.messages import HumanMessage, RemoveMessage


def get_language_instruction() -> str:
    from tradingagents.dataflows.config import get_config

    lang = get_config().get("output_language", "English")
    if lang.strip().lower() == "english":
        return ""
    return f" Write your entire response in {lang}."


def build_instrument_context(ticker: str, asset_type: str = "stock", identity=None) -> str:
    label = "asset" if asset_type == "crypto" else "instrument"
    context = f"The {label} to analyze is `{ticker}`. Use this exact ticker in every tool call."
    if identity and identity.get("company_name"):
        context += f" Resolved identity: Company: {identity['company_name']}."
    return context


def get_instrument_context_from_state(state) -> str:
    # computed once at the start of the run and kept on the state
    context = state.get("instrument_context")
    if isinstance(context, str) and context.strip():
        return context
    return build_instrument_context(str(state["company_of_interest"]), state.get("asset_type", "stock"))


def create_msg_delete():
    def delete_messages(state):
        # between analysts: every message is removed and one placeholder starts the next analyst
        messages = state["messages"]
        removal_operations = [RemoveMessage(id=m.id) for m in messages]
        instrument_context = get_instrument_context_from_state(state)
        trade_date = state.get("trade_date", "the requested date")
        placeholder = HumanMessage(
            content=(
                f"Proceed with your assigned analysis for this workflow. "
                f"{instrument_context} The analysis date is {trade_date}."
            )
        )
        return {"messages": removal_operations + [placeholder]}

    return delete_messages
