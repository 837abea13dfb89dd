// widgets/shared/controls.py KeyListener
const TEXT = new Set(["text", "search", "number", "email", "url", "tel", "password",
                      "date", "time", "datetime-local", "month", "week"]);
const typing = (el) => !!el && (el.isContentEditable || el.tagName === "TEXTAREA" ||
  (el.tagName === "INPUT" && TEXT.has((el.type || "text").toLowerCase())));
// A Voila page is the app alone; in JupyterLab the notebook keeps its keys unless the
// pointer or the focus is on the app.
const ours = () => location.pathname.includes("/voila/") ||
  !!document.querySelector(".rx-app:hover") ||
  !!(document.activeElement && document.activeElement.closest &&
     document.activeElement.closest(".rx-app"));
const PRESSED_BY_SPACE = "button, summary, [role=tab], a[href], input[type=checkbox], " +
  "input[type=radio]";
export default {
  initialize({ model }) {
    const heard = (event) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (!ours()) return;
      if (!model.get("watched").includes(event.key)) return;
      if (typing(event.target) || typing(document.activeElement)) return;
      const target = event.target && event.target.closest ? event.target : null;
      const owner = target && target.closest("[data-rx-own-keys]");
      if (owner && owner.dataset.rxOwnKeys.split("|").includes(event.key)) return;
      if (target && target.closest("[role=tablist]") &&
          ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
      if (event.key === " " && target && target.matches(":focus-visible") &&
          target.matches(PRESSED_BY_SPACE)) return;   // a keyboard user's Space presses it
      event.preventDefault();        // Space would click a focused button, arrows
      event.stopPropagation();       // would change a focused dropdown
      model.send({ key: event.key, timeStamp: event.timeStamp });
    };
    document.addEventListener("keydown", heard, true);
    // every tab of a tab bar is a Tab stop of its own (Lumino gives one to the current tab
    // only), so Tab alone reaches each of them; Enter or Space opens one
    const tabbable = () => document.querySelectorAll(".rx-app [role=tab]").forEach((tab) => {
      if (tab.getAttribute("tabindex") !== "0") tab.setAttribute("tabindex", "0");
    });
    const tabs = new MutationObserver(tabbable);
    tabs.observe(document.body, { subtree: true, childList: true, attributes: true,
                                  attributeFilter: ["tabindex"] });
    tabbable();
    return () => { document.removeEventListener("keydown", heard, true); tabs.disconnect(); };
  },
};
