// widgets/shared/controls.py AddressBar
const KEPT = 20;                 // branches a page sends back, at most
const CHECK_SECONDS = 15;        // how often a shown page asks whether its kernel still runs

// A page whose kernel the server ended while the page was away (a laptop asleep, the
// network down for longer than the server waits) reopens itself: its address and the
// tab's session hold its step and branches. A server that does not answer is said.
// Only the server's own "Kernel does not exist" counts (not any 404 a proxy gives), at
// most one reopening a minute, and never while the page is being left (it ended its
// kernel itself: rxEndKernel in the page template).
function watchKernel(model) {
  let config = {};
  try { config = JSON.parse(document.getElementById("jupyter-config-data").textContent); }
  catch (e) { return; }
  if (!config.kernelId || typeof config.baseUrl !== "string") return;
  const url = config.baseUrl + "api/kernels/" + encodeURIComponent(config.kernelId);
  const reopened = "rx-reopened:" + location.pathname;
  const note = () => document.querySelector(".rx-page-lost");
  const say = (text, role) => {
    let shown = note();
    if (!shown) {
      shown = document.createElement("div");
      shown.className = "rx-page-lost rx-banner";
      document.body.appendChild(shown);
    }
    shown.setAttribute("role", role);
    shown.textContent = text;
  };
  const gone = async (answer) => {
    if (answer.status !== 404) return false;
    try { return String((await answer.json()).message).includes(config.kernelId); }
    catch (e) { return false; }
  };
  const mayReopen = () => {
    try {
      const last = Number(sessionStorage.getItem(reopened) || 0);
      if (Date.now() - last < 60000) return false;
      sessionStorage.setItem(reopened, String(Date.now()));
    } catch (e) { /* no session storage: reopen anyway */ }
    return true;
  };
  let checking = false, reopening = false;
  const check = async () => {
    if (checking || reopening || document.hidden || window.rxLeaving) return;
    checking = true;
    try {
      const xsrf = (document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/) || [])[1] || "";
      const answer = await fetch(url, { cache: "no-store", credentials: "same-origin",
                                        headers: { "X-XSRFToken": decodeURIComponent(xsrf) } });
      if (await gone(answer)) {
        if (!window.rxLeaving && mayReopen()) {
          reopening = true;
          say(model.get("gone_text"), "status");
          location.reload();
        }
      } else if (note()) {
        note().remove();          // the server answers again
      }
    } catch (e) {
      say(model.get("unreachable_text"), "alert");
    } finally {
      checking = false;
    }
  };
  document.addEventListener("visibilitychange", check);
  window.addEventListener("online", check);
  window.addEventListener("focus", check);
  window.addEventListener("pageshow", check);
  setInterval(check, CHECK_SECONDS * 1000);
}

export default {
  initialize({ model }) {
    if (!location.pathname.includes("/voila/")) return;
    const key = "rx-branches:" + location.pathname;
    let saved = [];
    try { saved = JSON.parse(sessionStorage.getItem(key) || "[]"); } catch (e) { saved = []; }
    if (Array.isArray(saved) && saved.length) {
      model.send({ branches: saved.filter((q) => typeof q === "string").slice(0, KEPT) });
    }
    model.on("change:branches", () => {
      try { sessionStorage.setItem(key, JSON.stringify(model.get("branches") || [])); }
      catch (e) { /* storage full or refused: the branches stay in the page only */ }
    });
    const follow = () => {
      if (!location.pathname.includes("/voila/")) return;
      const query = model.get("query");
      if (query === null || query === undefined) return;
      const address = location.pathname + query + location.hash;
      if (address !== location.pathname + location.search + location.hash) {
        history.replaceState(history.state, "", address);
      }
    };
    model.on("change:query", follow);
    follow();
    watchKernel(model);
  },
};
