"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/managers/research_manager.py (lines 1-67), trimmed; not the original text."""

from tradingagents.agents.schemas import ResearchPlan, render_research_plan
from tradingagents.agents.utils.agent_utils import (
    get_instrument_context_from_state,
    get_language_instruction,
)
from tradingagents.agents.utils.structured import bind_structured, invoke_structured_or_freetext


def create_research_manager(llm):
    structured_llm = bind_structured(llm, ResearchPlan, "Research Manager")

    def research_manager_node(state) -> dict:
        instrument_context = get_instrument_context_from_state(state)
        history = state["investment_debate_state"].get("history", "")
        investment_debate_state = state["investment_debate_state"]

        # one call per run; ~700 characters of fixed rating scale after the instrument
        prompt = f"""As the Research Manager and debate facilitator, evaluate this round of debate and deliver an investment plan for the trader.

{instrument_context}

---

**Rating Scale** (use exactly one):
- **Buy**: strong conviction in the bull thesis
- **Overweight**: constructive view, increase exposure gradually
- **Hold**: balanced view, keep the position
- **Underweight**: cautious view, trim exposure
- **Sell**: strong conviction in the bear thesis

Reserve Hold for genuinely balanced evidence.

---

**Debate History:**
{history}""" + get_language_instruction()

        investment_plan = invoke_structured_or_freetext(
            structured_llm, llm, prompt, render_research_plan, "Research Manager"
        )
        return {
            "investment_debate_state": {**investment_debate_state, "judge_decision": investment_plan},
            "investment_plan": investment_plan,
        }

    return research_manager_node
