"""Reconstruction of qodo-ai/qodo-cover@adcf55baba40e8fbf8a84e68b70d08bef1e2b9c9:cover_agent/coverage_processor.py (lines 13-48, 114-174), trimmed; not the original text."""

# Sets of line numbers, used for counts (and ints iterate the same way in every process).
import xml.etree.ElementTree as ET


class CoverageProcessor:
    def __init__(self, file_path):
        self.file_path = file_path

    def parse_coverage_report_cobertura(self, filename=None):
        root = ET.parse(self.file_path).getroot()
        all_covered, all_missed = [], []
        for cls in root.findall(".//class"):
            name_attr = cls.get("filename")
            if name_attr and name_attr.endswith(filename):
                for line in cls.findall(".//line"):
                    (all_covered if int(line.get("hits")) > 0 else all_missed).append(int(line.get("number")))
        covered_set = set(all_covered)
        missed_set = set(all_missed) - covered_set
        total_lines = len(covered_set) + len(missed_set)
        coverage_percentage = (len(covered_set) / total_lines) if total_lines else 0
        return list(covered_set), list(missed_set), coverage_percentage
