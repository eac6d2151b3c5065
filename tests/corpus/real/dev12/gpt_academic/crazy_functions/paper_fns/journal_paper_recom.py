"""Reconstruction of binary-husky/gpt_academic@0aa0472da44edc0a888c7f83b564c6d0d1089366:crazy_functions/paper_fns/journal_paper_recom.py (lines 186-270, 273-300), trimmed; not the original text."""

from datetime import datetime

from crazy_functions.crazy_utils import request_gpt_model_in_new_thread_with_ui_alive


class JournalConferenceRecommender:
    def _generate_conference_recommendations(self):
        current_time = datetime.now()
        current_date_str = current_time.strftime("%Y年%m月%d日")  # expect: PL101
        current_year = current_time.year
        current_month = current_time.month
        conference_prompt = (
            f"请基于以下论文分析结果，为这篇论文推荐合适的学术会议。\n\n"
            f"**重要提示：当前时间是{current_date_str}（{current_year}年{current_month}月），请基于这个时间点推断会议的举办时间和投稿截止时间。**\n\n"
            "推荐要求：\n"
            "1. 根据论文的创新性和工作质量，分别推荐不同级别的会议：\n"
            "   - 顶级会议（该领域最权威的国际会议）：2-3个\n"
            "   - 高质量会议（该领域知名的国际或区域会议）：3-4个\n"
            "   - 中等会议（该领域认可的专业会议）：3-4个\n"
            "   - 专业会议（该领域细分方向的专门会议）：2-3个\n\n"
            "注意：不同学科的会议评价标准不同：\n"
            "- 计算机科学：可参考CCF分类（A/B/C类）\n"
            "- 工程学：可参考EI收录和影响力\n"
            "- 医学：可参考会议的临床影响和同行认可度\n"
            "- 社会科学：可参考会议的学术声誉和参与度\n"
            "- 人文学科：可参考会议的历史和学术传统\n"
            "- 自然科学：可参考会议的国际影响力和发表质量\n\n"
            "特别是医学会议，需要考虑：\n"
            "- 临床医学会议重视实用性和临床指导价值\n"
            "- 基础医学会议重视科学创新和机制研究\n"
            "- 专科医学会议在各自领域内具有权威性\n"
            "- 国际医学会议的CME学分认证情况\n\n"
            "2. 对每个会议提供详细信息：\n"
            "   - 会议全名和缩写\n"
            "   - 会议级别分类（根据该学科的评价标准）\n"
            "   - 主要研究领域和主题\n"
            "   - 与论文内容的匹配度评分（1-10分）\n"
            "   - 录用难度评估（容易/中等/困难/极难）\n"
            "   - 会议举办周期（年会/双年会/不定期等）\n"
            f"   - **基于当前时间{current_date_str}，推断{current_year}年和{current_year+1}年的举办时间和地点**\n"
            "   - **基于推断的会议时间，估算论文提交截止时间**（通常在会议前3-6个月）\n"
            "   - 会议的国际化程度和影响范围\n\n"
            "3. 按推荐优先级排序，并说明推荐理由\n"
            f"4. **基于当前时间{current_date_str}，提供会议投稿的时间规划建议**\n\n"
            "论文分析结果："
        )
        for q in self.questions:
            if q.id in self.analysis_results:
                conference_prompt += f"\n\n{q.description}:\n{self.analysis_results[q.id]}"
        response = yield from request_gpt_model_in_new_thread_with_ui_alive(
            inputs=conference_prompt,
            inputs_show_user="生成会议推荐报告",
            llm_kwargs=self.llm_kwargs,
            chatbot=self.chatbot,
            history=[],
            sys_prompt="你是一个资深的跨学科学术会议推荐专家，熟悉各个学科领域不同层次的学术会议。",
        )
        return response

    def _generate_priority_summary(self, journal_recommendations: str, conference_recommendations: str):
        current_time = datetime.now()
        current_date_str = current_time.strftime("%Y年%m月%d日")
        current_month = current_time.strftime("%Y年%m月")
        priority_prompt = f"""请基于以下期刊和会议推荐结果，生成一个综合的投稿优先级总结。

**重要提示：当前时间是{current_date_str}（{current_month}），请基于这个时间点制定投稿计划。**

期刊推荐结果：
{journal_recommendations}

会议推荐结果：
{conference_recommendations}

请提供：
1. 综合投稿策略建议（考虑该学科的发表文化和惯例）
2. 按时间线排列的投稿计划（基于当前时间{current_date_str}，考虑截止时间和审稿周期）
3. 风险分散策略
"""
        response = yield from request_gpt_model_in_new_thread_with_ui_alive(
            inputs=priority_prompt, inputs_show_user="生成投稿优先级总结", llm_kwargs=self.llm_kwargs,
            chatbot=self.chatbot, history=[], sys_prompt="你是一个学术发表策略专家。",
        )
        return response
