// widgets/shared/timeline.py TimelineTicker
export default {
  initialize({ model }) {
    let timer = null;
    const tick = () => {
      if (!model.get("playing")) { timer = null; return; }
      model.set("value", model.get("value") + 1);
      model.save_changes();
      timer = setTimeout(tick, model.get("interval"));
    };
    const run = () => {
      if (model.get("playing") && timer === null) timer = setTimeout(tick, model.get("interval"));
      if (!model.get("playing") && timer !== null) { clearTimeout(timer); timer = null; }
    };
    model.on("change:playing", run);
    run();
    return () => { if (timer !== null) clearTimeout(timer); };
  },
  render({ model, el }) {
    el.style.display = "none";
    let bar = null, tries = 0, watch = null;
    const valueText = (handle) => {
      const now = handle.getAttribute("aria-valuenow"), max = handle.getAttribute("aria-valuemax");
      if (now === null || max === null) return;
      const text = model.get("step_text").replace("{step}", String(Math.round(+now) + 1))
                                         .replace("{count}", String(Math.round(+max) + 1));
      if (handle.getAttribute("aria-valuetext") !== text) handle.setAttribute("aria-valuetext", text);
    };
    const name = () => {
      if (!bar) return;
      for (const [selector, label] of Object.entries(model.get("names"))) {
        for (const target of bar.querySelectorAll(selector)) {
          if (target.getAttribute("aria-label") !== label) target.setAttribute("aria-label", label);
        }
      }
      bar.querySelectorAll(".rx-slider [role=slider]").forEach(valueText);
    };
    const start = () => {
      bar = el.closest(".rx-timeline");
      if (!bar) { if (tries++ < 200) requestAnimationFrame(start); return; }
      // controls made again (a new handle), and every value the slider shows
      watch = new MutationObserver(name);
      watch.observe(bar, { subtree: true, childList: true, attributes: true,
                           attributeFilter: ["aria-valuenow", "aria-valuemax"] });
      name();
    };
    model.on("change:names", name);
    model.on("change:step_text", name);
    start();
    return () => { if (watch) watch.disconnect(); };
  },
};
