// widgets/shared/share_panel.py PageButton
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button rx-page-button";
  const status = document.createElement("span");
  status.className = "rx-page-button-status";
  status.setAttribute("role", "status");
  el.classList.add("rx-page-button-box");
  el.append(button, status);
  const say = (text) => { status.textContent = text; };
  const show = () => {
    button.textContent = model.get("label");
    button.title = model.get("hint");
    button.disabled = model.get("disabled");
  };
  show();
  model.on("change:label change:hint change:disabled", show);
  model.on("change:text", () => say(""));
  const select = () => {
    const area = el.closest(".rx-share")?.querySelector(".rx-share-link textarea");
    if (!area) return false;
    area.focus();
    area.setSelectionRange(0, area.value.length);
    return true;
  };
  button.addEventListener("click", async () => {
    if (model.get("kind") === "open") {
      el.closest(".rx-share")?.querySelector(model.get("target"))?.click();
      return;
    }
    try {
      if (!window.isSecureContext || !navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(model.get("text"));
      say(model.get("said").copied);
    } catch (error) {
      const selected = select();
      let copied = false;
      try { copied = selected && document.execCommand("copy"); } catch (ignored) {}
      const said = model.get("said");
      say(copied ? said.copied_selected : selected ? said.selected : said.select);
    }
  });
}
export default { render };
