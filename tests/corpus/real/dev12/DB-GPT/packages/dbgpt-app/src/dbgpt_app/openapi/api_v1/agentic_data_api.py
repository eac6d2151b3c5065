"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/openapi/api_v1/agentic_data_api.py (lines 1476-1608, 2310-2346, 2628-2780, 2919-2938), trimmed; not the original text."""

from dbgpt.agent import AgentMemory, AgentMessage
from dbgpt.agent.claude_skill import get_registry, load_skills_from_dir
from dbgpt.agent.core.memory.gpts import GptsMemory
from dbgpt.agent.expand.react_agent import ReActAgent
from dbgpt.core import PromptTemplate
from dbgpt_app.openapi.api_v1.attachment_react_adapter import build_file_context

REACT_AGENT_MEMORY_CACHE = {}


async def _react_agent_stream_impl(dialogue, attachment_ctx, file_path, knowledge_context, database_context):
    registry = get_registry()
    load_skills_from_dir(DEFAULT_SKILLS_DIR, recursive=True)
    all_skills = registry.list_skills()
    skills_context = (
        "\n".join([f"- {s.name}: {s.description}" for s in all_skills])
        if all_skills
        else "No skills available."
    )
    conv_id = dialogue.conv_uid
    if conv_id in REACT_AGENT_MEMORY_CACHE:
        gpt_memory = REACT_AGENT_MEMORY_CACHE[conv_id]
    else:
        gpt_memory = GptsMemory()
        REACT_AGENT_MEMORY_CACHE[conv_id] = gpt_memory
    agent_memory = AgentMemory(gpts_memory=gpt_memory)
    file_context = build_file_context(attachment_ctx, file_path)  # expect: PL104
    workflow_prompt = f"""
You are the DB-GPT intelligent assistant, capable of autonomously selecting tools
to solve problems based on user tasks.
Please always response in the same language as the user's input language.

## Autonomous Decision Principles
1. Carefully analyze the user's task requirements.
2. Autonomously select required tools based on requirements.
3. For each step, output Thought -> Action Intention -> Action Reason -> Action -> Action Input.
4. Wait for the system to return Observation before deciding on the next step.
5. When the task is completed, call the terminate tool to return the final result.

## Available Skills List (Pre-loaded)
{skills_context}

## Skill Execution Norms (Important)
When using a skill, the following rules must be followed: load the skill, read its references,
run its scripts with execute_skill_script_file, and render reports with html_interpreter.

{file_context}
{knowledge_context}
{database_context}

## ReAct Output Format
Must output for each interaction round:
Thought: Analyze current task status and think about what to do next
Action Intention: What this step will do, plain text, MUST be concise.
Action: the tool name
Action Input: the tool arguments as JSON
"""
    workflow_prompt_template = PromptTemplate(
        template=workflow_prompt,
        input_variables=[],
        template_format="jinja2",
    )
    agent = await (
        ReActAgent(max_retry_count=30)
        .bind(agent_memory)
        .bind(workflow_prompt_template)
        .build()
    )
    received = AgentMessage(content=dialogue.user_input)
    return agent, received
