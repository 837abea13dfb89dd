"""Page style for every app: large readable text for projectors, wrapped log entries."""

CSS = """
<style>
.rx-app { font-size: 16px; }
.rx-board { pointer-events: none; }
.rx-board-frame { cursor: pointer; }
.rx-app h2 { margin: 4px 0 8px 0; }
.rx-app h3 { margin: 10px 0 4px 0; font-size: 18px; }
.rx-message .rx-refusal { background: #fdecea; color: #8a1c12; border-left: 6px solid #c62828;
  padding: 8px 12px; font-size: 17px; font-weight: 600; }
.rx-message .rx-error { background: #fff4e5; color: #663c00; border-left: 6px solid #ef6c00;
  padding: 8px 12px; font-size: 17px; }
.rx-message .rx-info { background: #e8f4fd; color: #0d3c61; border-left: 6px solid #1976d2;
  padding: 8px 12px; font-size: 17px; }
.rx-rule { border: 1px solid #ccd; border-radius: 6px; padding: 6px 10px; margin: 6px 0;
  background: #fafbff; }
.rx-rule blockquote { margin: 6px 0; padding: 4px 10px; border-left: 4px solid #7986cb;
  white-space: pre-line; font-family: 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif; }
.rx-rule-english { margin: 4px 0; }
.rx-rule-source, .rx-rule-note { color: #444; font-size: 14px; }
.rx-rule-flag { background: #c62828; color: white; padding: 1px 6px; border-radius: 4px; }
.rx-log-entry { height: auto !important; min-height: 30px; }
.rx-log-entry, .rx-log-entry .widget-label-basic { white-space: normal !important;
  text-align: left !important; line-height: 1.3 !important; padding: 4px 8px !important; }
.rx-log-entry.rx-current { background: #ffe082 !important; font-weight: bold; }
.rx-score-table { border-collapse: collapse; margin-top: 6px; }
.rx-score-table td, .rx-score-table th { border: 1px solid #bbb; padding: 3px 8px; text-align: left;
  vertical-align: top; }
.rx-score-table .rx-num { text-align: right; }
.rx-score-table code { font-size: 14px; }
.rx-score-total td { background: #f1f5e9; }
.rx-winner { font-size: 18px; }
.rx-step-label { font-size: 17px; }
.rx-frame-events ul { margin: 4px 0; padding-left: 20px; }
.rx-side { padding-left: 12px; }
</style>
"""
