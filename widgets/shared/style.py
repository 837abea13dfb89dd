"""Page style for every app: one screen (board and rules side by side, the board fitted to the
space left), text readable on a projector, and a projector mode that makes it larger still.

The app fills the window (less the page's padding, --rx-above), its title line included; the
body row takes what the bar and the status line leave, and the board canvas scales into its
frame.
"""

CSS = """
<style>
.jp-LabShell .lm-BoxPanel-child { padding: 4px 10px !important; }
.jp-Notebook-cell { padding: 0 !important; }
.jp-RenderedHTMLCommon h1 { font-size: 22px !important; margin: 0 0 4px 0 !important;
  line-height: 28px !important; }
.rx-app { --rx-above: 14px; --jp-widgets-font-size: 15px; --jp-widgets-inline-height: 32px;
  font-size: 16px; height: calc(100vh - var(--rx-above)); min-height: 520px;
  box-sizing: border-box; gap: 4px; overflow: hidden; }
.rx-app > * { flex: 0 0 auto; }
.rx-app > .rx-style { display: none; }
.rx-hidden { display: none !important; }
.rx-app li, .rx-app p { line-height: 1.35; }
.rx-app > .rx-body { flex: 1 1 0; min-height: 0; gap: 12px; align-items: stretch; }
.rx-perspective .widget-label { min-width: 40px; }
.rx-app h3 { margin: 10px 0 4px 0; font-size: 18px; }
.rx-intro summary { cursor: pointer; color: #1a4f8a; font-size: 15px; }
.rx-intro[open] { max-height: 30vh; overflow: auto; background: #f7f9fc; padding: 2px 8px; }
.rx-bar { flex-wrap: wrap; gap: 6px; }
.rx-head { justify-content: space-between; gap: 12px; }
.rx-title { font-size: 22px; font-weight: 600; margin: 0 0 4px 0; line-height: 1.3; }
.rx-language { flex: 0 0 auto; margin-left: auto; }
.rx-bar .widget-button, .rx-bar .widget-toggle-button { font-size: 16px; }
.rx-icon { font-size: 18px !important; padding: 0 !important; }
.rx-autoplay { gap: 2px; border-left: 1px solid #ccd; padding-left: 6px; }
.rx-projector-toggle.mod-active { background: #1565c0 !important; color: white !important; }
/* The status box: two lines kept for the step label and for messages, which take its place
   and scroll inside it when longer, so a message never moves the board nor lies over a button */
.rx-status { position: relative; height: 50px; overflow: hidden; align-items: center;
  --rx-line: 24px; }
.rx-step-label { font-size: 17px; width: 100%; height: auto !important; margin: 0 !important; }
.rx-step-label .widget-html-content { white-space: normal; line-height: var(--rx-line);
  overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
.rx-message { position: absolute !important; top: 0; left: 0; right: 0; bottom: 0;
  height: auto !important; margin: 0 !important; align-items: flex-start; gap: 4px;
  border-left: 6px solid; border-radius: 3px; padding-left: 10px; box-sizing: border-box; }
.rx-message.rx-refusal { background: #fdecea; color: #8a1c12; border-color: #c62828;
  font-weight: 600; }
.rx-message.rx-error { background: #fff4e5; color: #663c00; border-color: #ef6c00; }
.rx-message.rx-info { background: #e8f4fd; color: #0d3c61; border-color: #1976d2; }
.rx-message-text { flex: 1 1 0; min-width: 0; height: 100% !important; margin: 0 !important;
  overflow-y: auto !important; }
.rx-message-text .widget-html-content { font-size: 17px; line-height: var(--rx-line);
  white-space: normal; color: inherit; padding: 1px 0; }
.rx-message-close { flex: 0 0 auto; background: transparent !important; color: inherit !important;
  box-shadow: none !important; font-size: 18px !important; margin: 0 !important;
  padding: 0 !important; }
.rx-message-close:hover { background: rgba(0,0,0,.08) !important; }
.rx-main { flex: 1 1 0; min-width: 0; min-height: 0; }
.rx-board-widget { flex: 1 1 0 !important; min-height: 0; margin: 0 !important; }
.rx-board-widget > * { flex: 0 0 auto; }
.rx-board-widget > .rx-board-frame { flex: 1 1 0 !important; min-height: 120px; width: 100%;
  overflow: hidden; margin: 0; }
canvas.rx-board, .rx-board canvas { width: 100% !important; height: 100% !important;
  object-fit: contain; object-position: left top; }
.rx-board { pointer-events: none; }
/* Cacao's activated workers (step C): a list in the place of the tile choice and the status
   line, of their height (fixed regions below), that scrolls past two sides */
.rx-board-widget > .rx-pending { height: 90px; overflow-y: auto; overflow-x: hidden;
  margin: 0 !important; flex: 0 0 auto; gap: 0; }
.rx-pending > * { flex: 0 0 auto; margin: 0 !important; }
.rx-pending-title { height: 18px !important; }
.rx-pending-title .widget-html-content { font-size: 14px; line-height: 18px; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.rx-pending-line { height: 36px; align-items: center; gap: 4px; }
.rx-pending-line .widget-button { flex: 0 0 auto; height: 32px !important; margin: 0 !important; }
.rx-pending-line .widget-html { flex: 1 1 0; min-width: 0; margin: 0 !important; }
.rx-pending-line .widget-html-content { line-height: 17px; font-size: 14px; white-space: normal;
  overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; }
.rx-why { font-size: 14px; color: #555; }
.rx-board-frame { cursor: pointer; }
.rx-side { flex: 0 0 clamp(440px, 36vw, 680px); min-height: 0; gap: 6px; }
.rx-side > .rx-tabs { flex: 1 1 0; min-height: 0; }
.rx-tabs > .widget-tab-contents, .rx-tabs > .lm-StackedPanel { flex: 1 1 0; min-height: 0;
  overflow: hidden; padding: 4px 6px; }
.rx-tab-pane { height: 100%; overflow-y: auto !important; overflow-x: hidden;
  padding-right: 4px; box-sizing: border-box; }
.rx-tab-pane > * { flex-shrink: 0; }  /* a short pane scrolls; its parts keep their height */
/* every tab's title is shown whole, in one row at 1280 px; a narrower bar wraps to a second */
.rx-tabs .lm-TabBar-tab { font-size: 15px; min-width: 0; flex: 0 0 auto !important; }
.rx-app .rx-tabs.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { padding: 0 6px; }
.rx-app .rx-tabs .lm-TabBar-content { flex-wrap: wrap; }
.rx-app .rx-tabs .lm-TabBar { height: auto; max-height: none; }
/* the board's Fit button grows with its word (Hungarian "Illeszt"); the pan arrows keep
   their whole width for the glyph (Korean pages draw arrows from a full-width font) */
.rx-fit { width: auto !important; min-width: 48px; }
.rx-pan-left, .rx-pan-up, .rx-pan-down, .rx-pan-right { padding: 0 !important; }
/* Hungarian words are long: tab titles keep a narrower padding, and a rule card's quote
   gives the (longer) paraphrase more room */
html[lang="hu"] .rx-app .rx-tabs.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { padding: 0 4px; }
html[lang="hu"] .rx-rules .rx-rule blockquote { max-height: 8lh; }
.rx-events-title { font-weight: bold; margin-top: 4px; }
.rx-frame-events ul { margin: 2px 0 6px 0; padding-left: 20px; }
.rx-rule { border: 1px solid #ccd; border-radius: 6px; padding: 6px 10px; margin: 6px 0;
  background: #fafbff; }
.rx-rule blockquote { margin: 6px 0; padding: 4px 10px; border-left: 4px solid #7986cb;
  white-space: pre-line; font-family: 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif; }
.rx-rule-english { margin: 4px 0; }
.rx-rule blockquote { line-height: 1.5; }
.rx-rule-source, .rx-rule-note { color: #444; font-size: 14px; }
.rx-rule-flag { background: #c62828; color: white; padding: 1px 6px; border-radius: 4px; }
.rx-log { flex: 1 1 auto; }
.rx-log-entry { flex: 0 0 auto !important; height: auto !important; min-height: 30px; }
.rx-log-entry, .rx-log-entry .widget-label-basic { white-space: normal !important;
  text-align: left !important; line-height: 1.3 !important; padding: 4px 8px !important; }
.rx-log-entry.rx-current { background: #ffe082 !important; font-weight: bold; }
.rx-share-link textarea { font-family: monospace; font-size: 13px; }
.rx-share a, .rx-picture-link a { font-size: 16px; font-weight: 600; }
.rx-frame-counter { display: none !important; }
.rx-rulebook-text { font-family: 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif; font-size: 15px; }
.rx-line { display: flex; gap: 8px; line-height: 1.45; }
.rx-ln { flex: 0 0 2.4em; text-align: right; color: #888; font-size: 13px; user-select: none; }
.rx-lt { flex: 1 1 auto; white-space: pre-wrap; }
.rx-plain { color: #555; }
.rx-passage { border-left: 5px solid #7986cb; background: #f3f5ff; margin: 4px 0;
  padding: 2px 6px; cursor: pointer; border-radius: 3px; }
.rx-passage:hover { background: #e3e8ff; }
.rx-passage-page { border-left: 5px solid #7986cb; background: #f3f5ff; margin: 4px 0;
  padding: 2px 6px; border-radius: 3px; }
.rx-see-link, .rx-rulebook-summary a { font-weight: 600; margin-left: 6px; color: #1565c0;
  text-decoration: underline; }
.rx-passage * { pointer-events: none; }
.rx-passage-rule { font-family: sans-serif; font-size: 14px; margin: 2px 0 2px 3em; }
.rx-passage-english { color: #333; font-style: italic; }
.rx-variant { background: #fff3e0; border-left: 4px solid #ef6c00; padding: 2px 6px;
  margin-top: 2px; }
.rx-mark { margin-left: 4px; } .rx-mark.rx-no { opacity: .25; filter: grayscale(1); }
.rx-rulebook-summary { font-size: 15px; }
.rx-rulebook-chosen { flex-wrap: wrap; gap: 4px; }
.rx-aligned { border-collapse: collapse; font-size: 14px; }
.rx-aligned-rule { background: #f3f5ff; font-family: sans-serif; }
.rx-projector { font-size: 24px; --jp-widgets-font-size: 21px;
  --jp-widgets-inline-height: 40px; }
.rx-projector h3 { font-size: 26px; }
.rx-projector .rx-step-label, .rx-projector .rx-step-label .widget-html-content,
.rx-projector .rx-message-text .widget-html-content { font-size: 24px; }
.rx-projector .rx-status { height: 62px; --rx-line: 30px; }
.rx-projector .rx-message-close { font-size: 24px !important; width: 44px !important; }
.rx-projector .rx-bar .widget-button, .rx-projector .rx-bar .widget-toggle-button,
.rx-projector .rx-tabs .lm-TabBar-tab { font-size: 22px; }
.rx-projector .rx-icon { font-size: 24px !important; width: 48px !important; }
/* the bar keeps one row at 1280 px: shorter slider, padding and menus; labels never clipped */
.rx-projector .rx-bar { gap: 4px; }
.rx-projector .rx-bar .widget-button, .rx-projector .rx-bar .widget-toggle-button {
  padding: 0 8px; }
.rx-projector .rx-slider { width: 90px !important; }
.rx-projector .rx-perspective .widget-label { min-width: 0; width: auto !important;
  padding-right: 6px; }
.rx-projector .rx-perspective select { width: 130px; }
.rx-projector .rx-tabs .lm-TabBar-tab { font-size: 16px; }
.rx-app.rx-projector .rx-tabs.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { padding: 0 4px; }
.rx-projector .rx-board-widget .widget-button { min-width: 44px; width: auto !important;
  padding: 0 8px; }
.rx-projector .rx-board-widget .widget-dropdown { width: auto !important; }
.rx-projector .rx-board-widget > .rx-pending { height: 106px; }
.rx-projector .rx-pending-title { height: 24px !important; }
.rx-projector .rx-pending-title .widget-html-content { font-size: 18px; line-height: 24px; }
.rx-projector .rx-pending-line { height: 41px; }
.rx-projector .rx-pending-line .widget-button { height: 38px !important; }
.rx-projector .rx-pending-line .widget-html-content { font-size: 17px; line-height: 20px; }
.rx-projector .rx-why { font-size: 17px; }
.rx-projector .rx-rule-source, .rx-projector .rx-rule-note { font-size: 20px; }
.rx-projector .rx-rulebook-text { font-size: 21px; }
.rx-projector .rx-passage-rule, .rx-projector .rx-ln { font-size: 18px; }
/* Projector mode is a layout: the board keeps its room (the side column keeps its width, the
   page title and the introduction give way) and the step's rule quote with its paraphrase
   stays in view (a little smaller than the rest) */
body:has(.rx-app.rx-projector) .jp-RenderedHTMLCommon h1 { display: none; }
.rx-projector .rx-intro, .rx-projector .rx-head { display: none; }   /* as the title was */
.rx-projector .rx-rule blockquote { font-size: 19px; line-height: 1.4; }
.rx-projector .rx-rule-english { font-size: 20px; line-height: 1.35; }
/* Fixed regions: a board's own controls and status keep one height whatever they show, so
   the board neither moves nor changes size while stepping and selecting */
.rx-board-tools { height: 44px; flex-wrap: nowrap !important; overflow: hidden;
  align-items: center; gap: 6px; }
.rx-board-tools > * { flex: 0 0 auto; }
.rx-board-tools > .rx-selection { flex: 1 1 0; min-width: 0; margin: 0 !important; }
.rx-board-tools .widget-toggle-buttons { display: flex; align-items: center; gap: 4px; }
.rx-board-tools .widget-toggle-buttons > .widget-label { width: auto !important;
  flex: 0 0 auto; margin-right: 4px; }
.rx-board-tools .widget-toggle-buttons > div { display: flex; flex-wrap: nowrap; }
.rx-selection .widget-html-content { white-space: normal; line-height: 20px; font-size: 15px;
  overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; }
.rx-board-widget > .rx-pick-status { height: 46px; width: 100%; overflow: hidden;
  margin: 0 !important; flex: 0 0 auto; }
.rx-board-widget > .rx-pick-status .widget-html-content { line-height: 22px; font-size: 15px;
  white-space: normal; }
.rx-board-note { height: 24px; overflow: hidden; margin: 0 !important; }
.rx-board-note .widget-html-content { font-size: 14px; line-height: 22px; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.rx-projector .rx-board-note .widget-html-content { font-size: 17px; line-height: 28px; }
.rx-projector .rx-board-tools { height: 52px; }
.rx-projector .rx-selection .widget-html-content { line-height: 24px; font-size: 18px; }
.rx-projector .rx-board-widget > .rx-pick-status { height: 54px; }
.rx-projector .rx-board-widget > .rx-pick-status .widget-html-content { font-size: 20px;
  line-height: 26px; }
.rx-projector .rx-board-note { height: 30px; }
.rx-is-controls { height: 80px; align-content: flex-start; overflow-y: auto; overflow-x: hidden;
  row-gap: 2px; margin: 0 !important; }
.rx-projector .rx-is-controls { height: 118px; }
.rx-projector .rx-is-controls .widget-button, .rx-projector .rx-is-controls select {
  font-size: 17px; padding: 0 6px; }
.rx-projector .rx-is-controls select { padding-right: 26px; }
.rx-is-controls .widget-dropdown { width: auto !important; }
.rx-is-controls select { flex: 0 0 auto; width: auto !important; padding-right: 26px; }
/* a menu is as wide as its longest option, clear of the arrow, in every language */
/* ---- Contrast, focus, motion (every size) ---------------------------------------------
   Text at least 4.5:1 (inactive tab labels were #6d6d6d on #eeeeee, 4.45:1); a focus ring of
   two tones (blue 6.6:1 on white, white inside it) at least 3:1 against whatever it lies on, drawn
   inside the element, as most sit in rows that clip what passes their edge */
.rx-tabs .lm-TabBar-tab, .rx-tabs .lm-TabBar-tab .lm-TabBar-tabLabel { color: #3d3d3d; }
.rx-tabs .lm-TabBar-tab.lm-mod-current { color: #000; }
/* ipywidgets' coloured buttons carry white text: darker shades of theirs, for 4.5:1 and more */
.rx-app .jupyter-button.mod-info, .rx-app .widget-toggle-button.mod-info { background-color: #00707a; }
.rx-app .jupyter-button.mod-success, .rx-app .widget-toggle-button.mod-success { background-color: #2e7d32; }
.rx-app .jupyter-button.mod-primary, .rx-app .widget-toggle-button.mod-primary { background-color: #1565c0; }
.rx-app .jupyter-button.mod-warning, .rx-app .widget-toggle-button.mod-warning { background-color: #a14a00; }
.rx-app .jupyter-button.mod-danger, .rx-app .widget-toggle-button.mod-danger { background-color: #c62828; }
.rx-ln { color: #5f5f5f; }
.rx-app :focus-visible { outline: 3px solid #0b57d0 !important; outline-offset: -3px !important;
  box-shadow: inset 0 0 0 5px #fff !important; }
/* ipywidgets' text fields take their outline away with !important: ring them more surely */
.rx-app .jupyter-widgets input:focus-visible, .rx-app .jupyter-widgets textarea:focus-visible {
  outline: 3px solid #0b57d0 !important; outline-offset: -3px !important; }
.rx-app input[type=checkbox]:focus-visible, .rx-app input[type=radio]:focus-visible {
  outline-offset: 2px !important; box-shadow: none !important; }
.rx-board-frame { position: relative; }
.rx-board-frame:focus-visible { outline: 4px solid #0b57d0 !important; outline-offset: -4px !important; }
.rx-board-frame:focus-visible::after { content: ""; position: absolute; inset: 4px;
  border: 2px solid #fff; pointer-events: none; }
/* the timeline's handle: a 24 px target (44 px on a touch screen) around a 16 px knob */
.rx-slider { --jp-widgets-slider-handle-size: 24px; --rx-knob-gap: 4px; }
.rx-slider .noUi-handle { box-sizing: border-box; border: var(--rx-knob-gap) solid transparent !important;
  background-clip: padding-box !important; background-color: #fff !important;
  box-shadow: inset 0 0 0 2px #5f6b7a !important; }
.rx-slider .noUi-handle:focus-visible { outline-offset: -1px !important;
  box-shadow: inset 0 0 0 2px #5f6b7a, 0 0 0 2px #fff !important; }
.rx-slider .noUi-target { background: #8c8c8c; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important;
    scroll-behavior: auto !important; }
}
/* ---- Touch screens: targets of 44 px where the row has room ------------------------------ */
@media (pointer: coarse) {
  .rx-slider { --jp-widgets-slider-handle-size: 44px; --rx-knob-gap: 12px; }
  .rx-app { --jp-widgets-inline-height: 44px; }
  .rx-app button, .rx-app select, .rx-app input:not([type=checkbox]):not([type=radio]),
  .rx-app .rx-tabs .lm-TabBar-tab { min-height: 44px !important; }
  .rx-app .jupyter-button, .rx-app .widget-toggle-button { min-width: 44px; flex-shrink: 0; }
  .rx-app .rx-tabs .lm-TabBar { min-height: 44px; }
  .rx-app .rx-tabs .lm-TabBar-tab { align-items: center; }
  .rx-app .rx-language-menu { height: 44px; }
  .rx-app .rx-board-tools, .rx-app .rx-taluva-controls { height: 52px; }
  .rx-app .rx-pending-line { height: 48px; }
  .rx-app .rx-pending-line .widget-button { height: 44px !important; }
  .rx-app .rx-board-widget > .rx-pending { height: 100px; }
}
/* ---- Narrow windows (a phone, a tablet upright): one column -------------------------------
   The page scrolls down instead of fitting the window: the title, then the board fitted to the
   width (the canvas keeps its drawing's proportions; its own buttons and lines below it, so
   nothing above it changes height), the step label and messages, the timeline and bots, the
   tabs, the introduction. Rows wrap; nothing is wider than the window. */
@media (max-width: 899px) {
  .jp-LabShell .lm-BoxPanel-child { padding: 4px 6px !important; }
  .rx-app { height: auto; min-height: 0; overflow: visible; gap: 6px; }
  .rx-app > .rx-body { display: contents; }
  .rx-app > .rx-head { order: 0; }
  .rx-app .rx-main { order: 1; flex: 0 0 auto; width: 100%; min-width: 0; }
  .rx-app > .rx-status { order: 2; }
  .rx-app > .rx-bar { order: 3; }
  .rx-app > .rx-class-panel { order: 4; }
  .rx-app .rx-side { order: 5; flex: 0 0 auto; width: 100%; min-width: 0; height: 80vh;
    max-height: 760px; }
  .rx-app > :has(.rx-intro) { order: 6; }
  .rx-app > .rx-frame-counter { order: 7; }
  .rx-title { font-size: 19px; }
  .rx-head { flex-wrap: wrap; gap: 4px 8px; }
  .rx-head > .rx-title-box { flex: 1 1 180px; min-width: 0; }
  .rx-app .rx-board-widget { flex: 0 0 auto !important; width: 100%; }
  .rx-app .rx-board-widget > * { max-width: 100%; }
  .rx-app .rx-board-widget > .rx-board-frame { order: -1; flex: 0 0 auto !important;
    height: auto; min-height: 0; width: 100%; align-items: flex-start; }
  .rx-app canvas.rx-board, .rx-app .rx-board canvas { height: auto !important;
    max-height: 78vh; }
  .rx-app .rx-board-tools, .rx-app .rx-taluva-controls { height: auto; min-height: 44px;
    flex-wrap: wrap !important; overflow: visible; row-gap: 4px; }
  .rx-app .rx-board-tools > .rx-selection { flex: 1 1 100%; }
  .rx-app .rx-taluva-view { margin-left: 0 !important; }
  .rx-app .rx-is-controls { height: auto; max-height: none; overflow: visible; }
  .rx-app .rx-board-widget > .rx-pick-status { height: auto; min-height: 0; }
  .rx-app .rx-board-widget > .rx-pending { height: auto; max-height: 120px; }
  .rx-app .rx-bar > * { max-width: calc(100% - 2 * var(--jp-widgets-margin)); }
  .rx-app .rx-board-widget .widget-hbox { flex-wrap: wrap; row-gap: 4px; }
  .rx-bar, .rx-timeline, .rx-autoplay { flex-wrap: wrap; row-gap: 6px; }
  .rx-app .rx-timeline { width: 100%; }
  .rx-app .rx-slider { flex: 1 1 100% !important; width: auto !important; min-width: 0; }
  .rx-app .rx-slider .slider-container { flex: 1 1 auto; }
  .rx-app .rx-autoplay { border-left: 0; padding-left: 0; }
  .rx-status { height: auto; min-height: 50px; }
  .rx-step-label .widget-html-content { -webkit-line-clamp: 3; }
  .rx-app .rx-tabs .lm-TabBar-tab { padding: 0 8px; }
  .rx-app .rx-tab-pane *, .rx-app .rx-side * { max-width: 100%; box-sizing: border-box; }
  .rx-app .rx-tab-pane { overflow-wrap: anywhere; }
  .rx-app .widget-dropdown, .rx-app .widget-text, .rx-app .widget-textarea,
  .rx-app .rx-seat { width: auto !important;
    max-width: calc(100% - 2 * var(--jp-widgets-margin)); }
  .rx-app .widget-text input, .rx-app select { min-width: 0; max-width: 100%; }
}
</style>
"""
