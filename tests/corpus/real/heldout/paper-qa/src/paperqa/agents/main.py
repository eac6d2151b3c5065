"""Reconstruction of Future-House/paper-qa@d2c3c698fdf06986aa021812ab3186d3696438d8:src/paperqa/agents/main.py (lines 270-320), trimmed; not the original text."""


async def run_aviary_agent(query, settings, docs, agent, env_class=PaperQAEnvironment):
    env = env_class(query, settings, docs)

    async def rollout():
        obs, tools = await env.reset()
        agent_state = ToolSelectorLedger(
            messages=(
                [
                    Message(
                        role="system",
                        content=settings.agent.agent_system_prompt,
                    )
                ]
                if settings.agent.agent_system_prompt
                else []
            ),
            tools=tools,
        )
        done = False
        while not done:
            agent_state.messages += obs
            action = await agent(agent_state.messages, tools)
            agent_state.messages = [*agent_state.messages, action]
            obs, reward, done, truncated = await env.step(action)
        return "success"

    return await rollout()
