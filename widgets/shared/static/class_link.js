// widgets/shared/class_panel.py ClassLink
export default {
  initialize({ model }) {
    const asked = new URLSearchParams(location.search).get("class") || "";
    const code = asked.toUpperCase().replace(/[-\s]/g, "");
    let key = "";
    try { key = sessionStorage.getItem("rx-class-key:" + code) || ""; } catch (e) {}
    // hello once the app is on the page: every widget's model exists by then, so none of
    // the changes the kernel makes in answer is lost on a model the page is still building
    const hello = () => {
      if (!document.querySelector(".rx-app")) { requestAnimationFrame(hello); return; }
      model.send({ hello: true, key: asked === "new" ? "" : key });
    };
    hello();
    const keep = () => {
      const kept = model.get("keep");
      if (kept && kept.code) {
        try { sessionStorage.setItem("rx-class-key:" + kept.code, kept.key); } catch (e) {}
      }
    };
    const mark = () => {
      const root = document.querySelector(".rx-app");
      if (!root) { requestAnimationFrame(mark); return; }
      const role = model.get("role"), code = model.get("code");
      if (role === "leading") root.setAttribute("data-class-code", code);
      else root.removeAttribute("data-class-code");
      if (role === "following" || role === "trying") root.setAttribute("data-following", code);
      else root.removeAttribute("data-following");
      root.setAttribute("data-class-role", role || "");
    };
    model.on("change:keep", keep);
    model.on("change:role", mark);
    model.on("change:code", mark);
    keep(); mark();
    // a page whose kernel went quiet (the server restarted or crashed) says so, never a
    // board frozen without a word
    let heard = Date.now();
    const lost = () => document.querySelector(".rx-class-lost");
    model.on("msg:custom", (m) => {
      if (m && m.alive) { heard = Date.now(); const l = lost(); if (l) l.remove(); }
    });
    setInterval(() => {
      const role = model.get("role");
      const inClass = role === "leading" || role === "following" || role === "trying";
      if (!inClass || Date.now() - heard < 1000 * model.get("lost_after") || lost()) return;
      const note = document.createElement("div");
      note.className = "rx-class-lost rx-banner"; note.setAttribute("role", "alert");
      note.textContent = model.get("lost_text");
      document.body.appendChild(note);
    }, 1000);
  },
};
