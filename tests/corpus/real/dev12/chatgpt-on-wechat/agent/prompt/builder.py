"""Reconstruction of zhayujie/chatgpt-on-wechat@55aaf60a57ea6e9f4b8a54797572d98f65e88d2f:agent/prompt/builder.py (lines 23-152, 160-224, 273-366, 468-557), trimmed; not the original text."""

import os
from typing import Any, Dict, List, Optional

from config import conf


class PromptBuilder:
    def __init__(self, workspace_dir: str, language: str = "zh"):
        self.workspace_dir = workspace_dir
        self.language = language

    def build(self, tools=None, context_files=None, skill_manager=None, memory_manager=None, runtime_info=None, **kwargs) -> str:
        return build_agent_system_prompt(
            workspace_dir=self.workspace_dir,
            language=self.language,
            tools=tools,
            context_files=context_files,
            skill_manager=skill_manager,
            memory_manager=memory_manager,
            runtime_info=runtime_info,
            **kwargs,
        )


def build_agent_system_prompt(
    workspace_dir: str,
    language: str = "zh",
    tools: Optional[List[Any]] = None,
    context_files=None,
    skill_manager: Any = None,
    memory_manager: Any = None,
    runtime_info: Optional[Dict[str, Any]] = None,
    **kwargs,
) -> str:
    sections = []
    if tools:
        sections.extend(_build_tooling_section(tools, language))
    if skill_manager:
        sections.extend(_build_skills_section(skill_manager, tools, language))
    if memory_manager:
        sections.extend(_build_memory_section(memory_manager, tools, language))
    if conf().get("knowledge", True):
        sections.extend(_build_knowledge_section(workspace_dir, language))
    sections.extend(_build_workspace_section(workspace_dir, language))
    if context_files:
        sections.extend(_build_context_files_section(context_files, language))
    if runtime_info:
        sections.extend(_build_runtime_section(runtime_info, language))
    return "\n".join(sections)


def _build_tooling_section(tools: List[Any], language: str) -> List[str]:
    core_summaries = {"read": "读取文件内容", "write": "创建或覆盖文件", "bash": "执行shell命令"}
    tool_order = ["read", "write", "edit", "ls", "grep", "find", "bash", "terminal"]
    available = {}
    for tool in tools:
        name = tool.name if hasattr(tool, "name") else str(tool)
        available[name] = core_summaries.get(name, "")
    tool_lines = []
    for name in tool_order:
        if name in available:
            summary = available.pop(name)
            tool_lines.append(f"- {name}: {summary}" if summary else f"- {name}")
    for name in sorted(available):
        summary = available[name]
        tool_lines.append(f"- {name}: {summary}" if summary else f"- {name}")
    return [
        "## 🔧 工具系统",
        "",
        "可用工具（名称大小写敏感，严格按列表调用）:",
        "\n".join(tool_lines),
        "",
        "工具调用风格：",
        "- 多步骤任务、复杂决策、敏感操作时，应简要说明当前在做什么、为什么这样做，让用户了解关键进展",
        "- 持续推进直到任务完成，完成后向用户报告结果",
    ]


def _build_skills_section(skill_manager: Any, tools: Optional[List[Any]], language: str) -> List[str]:
    lines = ["## 🧩 技能系统（mandatory）", "", "以下是可用技能："]
    skills_prompt = skill_manager.build_skills_prompt()
    if skills_prompt:
        lines.append(skills_prompt.strip())
    return lines


def _build_memory_section(memory_manager: Any, tools: Optional[List[Any]], language: str) -> List[str]:
    if not memory_manager:
        return []
    from datetime import datetime

    today_file = datetime.now().strftime("%Y-%m-%d") + ".md"  # expect: PL101
    return [
        "## 🧠 记忆系统",
        "",
        "### Memory Recall（mandatory）",
        "当用户询问过往事件、引用之前的决定、提到人物关系、偏好、待办、或你对某事不确定时，**必须先检索记忆再回答**。",
        f"- `memory/YYYY-MM-DD.md`: 每日记忆，今天是 `memory/{today_file}`",
        "### 写入记忆",
        "- 用户要求记住某些信息，或使用了「记住」「以后」「总是」「不要」「偏好」等表达",
        f"- 当天事件/进展 → `memory/{today_file}`",
        "**使用原则**: 自然使用记忆，就像你本来就知道；不用刻意提起，除非用户问起。",
    ]


def _build_knowledge_section(workspace_dir: str, language: str) -> List[str]:
    index_path = os.path.join(workspace_dir, "knowledge", "index.md")
    if not os.path.exists(index_path):
        return []
    with open(index_path, "r", encoding="utf-8") as f:
        index_content = f.read().strip()  # expect: PL104
    lines = [
        "## 📚 知识系统",
        "你拥有一个持续积累的个人知识库 `knowledge/`，这是你的长期结构化知识存储。",
        "每次写入知识页面后，**必须同步更新** `knowledge/index.md` 添加一行索引。",
    ]
    if index_content:
        lines.extend(["### 当前知识索引", "", index_content, ""])
    lines.append("**查询方式**：用 `read` 读取知识页面，或用 `memory_search` 检索（知识已纳入向量索引）。")
    return lines


def _build_workspace_section(workspace_dir: str, language: str) -> List[str]:
    return ["## 📂 工作空间", "", f"你的工作目录是: `{workspace_dir}`"]


def _build_context_files_section(context_files, language: str) -> List[str]:
    lines = ["# 📋 项目上下文", "", "以下项目上下文文件已被加载：", ""]
    for file in context_files:
        lines.append(f"## {file.path}")
        lines.append("")
        lines.append(file.content)
        lines.append("")
    return lines


def _build_runtime_section(runtime_info: Dict[str, Any], language: str) -> List[str]:
    lines = ["## ⚙️ 运行时信息", ""]
    if callable(runtime_info.get("_get_current_time")):
        time_info = runtime_info["_get_current_time"]()
        time_line = f"当前时间: {time_info['time']} {time_info['weekday']} ({time_info['timezone']})"
        lines.append(time_line)
        lines.append("")
    runtime_parts = []
    if callable(runtime_info.get("_get_model")):
        runtime_parts.append(f"模型={runtime_info['_get_model']()}")
    if runtime_info.get("workspace"):
        runtime_parts.append(f"工作空间={runtime_info['workspace']}")
    if runtime_parts:
        lines.append("运行时: " + " | ".join(runtime_parts))
    return lines
