"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/constants.py (lines 19-30), trimmed; not the original text."""

MULTI_MODAL_PARSER_PROMPT = """Given an image containing one or more charts/graphs, and texts, provide a detailed analysis of the data represented in the charts. Your task is to analyze the image and provide insights based on the data it represents.
    Specifically, the information should include but not limited to:
    Title of the Image: Provide a title from the charts or image if any.
    Type of Chart: Determine the type of each chart (e.g., bar chart, line chart, pie chart, scatter plot, etc.) and its key features (e.g., labels, legends, data points).
    Data Trends: Describe any notable trends or patterns visible in the data.
"""
