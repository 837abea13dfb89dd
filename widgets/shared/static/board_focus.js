// widgets/shared/access.py BoardFocus
export default {
  initialize({ model }) {
    // the person's motion setting, which Python cannot read: bots' runs ask it
    const query = matchMedia("(prefers-reduced-motion: reduce)");
    const report = () => { model.set("reduced_motion", query.matches); model.save_changes(); };
    report();
    query.addEventListener("change", report);
    return () => query.removeEventListener("change", report);
  },
  render({ model, el }) {
    el.classList.add("rx-visually-hidden", "rx-board-focus");
    const help = document.createElement("div");
    help.id = "rx-board-help-" + Math.random().toString(36).slice(2);
    el.appendChild(help);
    const region = (role, css) => {
      const node = document.createElement("div");
      node.setAttribute("role", role);
      node.setAttribute("aria-live", role === "alert" ? "assertive" : "polite");
      node.setAttribute("aria-atomic", "true");
      node.className = "rx-visually-hidden " + css;
      return node;
    };
    const polite = region("status", "rx-live-polite");
    const assertive = region("alert", "rx-live-assertive");
    model.on("change:polite", () => { polite.textContent = model.get("polite"); });
    model.on("change:assertive", () => { assertive.textContent = model.get("assertive"); });
    let frame = null;
    const keys = () => model.get("own_keys");
    const show = () => {
      help.textContent = model.get("help");
      if (!frame) return;
      frame.setAttribute("aria-label", model.get("name"));
      frame.setAttribute("aria-roledescription", model.get("kind"));
    };
    // ipycanvas makes its canvas focusable, and a focused canvas swallows Tab
    const quiet = () => frame && frame.querySelectorAll("canvas").forEach((c) => {
      if (c.tabIndex !== -1) c.tabIndex = -1;
      if (c.getAttribute("aria-hidden") !== "true") c.setAttribute("aria-hidden", "true");
    });
    const observer = new MutationObserver(quiet);
    const onKey = (event) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (event.target !== frame || !keys().includes(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      model.send({ key: event.key });
    };
    const onFocus = () => {
      if (frame.matches(":focus-visible")) model.send({ focus: true });
    };
    const onBlur = () => model.send({ focus: false });
    const bind = (tries) => {
      const found = el.isConnected && el.closest(".rx-board-frame");
      if (!found) {
        if (tries > 0) requestAnimationFrame(() => bind(tries - 1));
        return;
      }
      frame = found;
      (frame.closest(".rx-app") || document.body).append(polite, assertive);
      frame.tabIndex = 0;
      frame.setAttribute("role", "application");
      frame.setAttribute("aria-describedby", help.id);
      frame.dataset.rxOwnKeys = keys().join("|");
      frame.addEventListener("keydown", onKey);
      frame.addEventListener("focus", onFocus);
      frame.addEventListener("blur", onBlur);
      observer.observe(frame, { subtree: true, childList: true, attributes: true,
                                attributeFilter: ["tabindex"] });
      quiet();
      show();
    };
    bind(600);
    model.on("change:name", show);
    model.on("change:kind", show);
    model.on("change:help", show);
    model.on("msg:custom", (message) => {
      if (message && message.focus && frame) frame.focus();
    });
    return () => {
      observer.disconnect();
      polite.remove();
      assertive.remove();
      if (frame) {
        frame.removeEventListener("keydown", onKey);
        frame.removeEventListener("focus", onFocus);
        frame.removeEventListener("blur", onBlur);
      }
    };
  },
};
