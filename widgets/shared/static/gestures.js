// widgets/shared/gestures.py Gestures
// SEND_MS and SLOP come first, from the module's constants
export default {
  render({ model, el }) {
    el.classList.add("rx-gestures");
    Object.assign(el.style, { position: "absolute", width: "0", height: "0",
                              overflow: "hidden", pointerEvents: "none" });
    let frame = null, tries = 0, timer = null, pending = null, stop = null;
    const touches = new Map();          // pointerId -> {x, y} in the frame
    let start = null, last = null, moved = false, swallowUntil = 0;
    const at = (e) => {
      const r = frame.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const centre = () => {
      const ps = [...touches.values()];
      const x = ps.reduce((s, p) => s + p.x, 0) / ps.length;
      const y = ps.reduce((s, p) => s + p.y, 0) / ps.length;
      const d = ps.length > 1 ? Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) : 0;
      return { x, y, d };
    };
    const flush = () => {
      timer = null;
      if (pending) { model.send(pending); pending = null; }
    };
    const queue = (from, to) => {
      const ratio = from.d > 0 && to.d > 0 ? to.d / from.d : 1;
      if (pending) {
        pending.x1 = to.x; pending.y1 = to.y; pending.scale *= ratio;
      } else {
        const r = frame.getBoundingClientRect();
        pending = { type: "view", x0: from.x, y0: from.y, x1: to.x, y1: to.y,
                    scale: ratio, w: r.width, h: r.height };
      }
      if (!timer) timer = setTimeout(flush, SEND_MS);
    };
    const down = (e) => {
      if (e.pointerType !== "touch") return;
      touches.set(e.pointerId, at(e));
      if (touches.size === 1) { start = at(e); moved = false; last = null; }
      else { moved = true; last = centre(); }      // a second finger: a pinch, not a tap
    };
    const move = (e) => {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, at(e));
      const now = centre();
      if (!moved) {
        if (Math.hypot(now.x - start.x, now.y - start.y) < SLOP) return;
        moved = true; last = { x: start.x, y: start.y, d: 0 };
      }
      if (last) queue(last, now);
      last = now;
      e.preventDefault();
    };
    const up = (e) => {
      if (!touches.delete(e.pointerId)) return;
      if (moved) swallowUntil = performance.now() + 500;
      last = touches.size ? centre() : null;        // the fingers left: no jump
      if (!touches.size) flush();
    };
    const click = (e) => {                          // the click after a drag or pinch
      if (performance.now() < swallowUntil) {
        swallowUntil = 0; e.stopImmediatePropagation(); e.preventDefault();
      }
    };
    const attach = () => {
      frame = el.closest(".rx-board-frame");
      if (!frame) { if (tries++ < 200) requestAnimationFrame(attach); return; }
      frame.style.touchAction = "none";
      frame.addEventListener("pointerdown", down);
      frame.addEventListener("pointermove", move, { passive: false });
      frame.addEventListener("pointerup", up);
      frame.addEventListener("pointercancel", up);
      frame.addEventListener("click", click, true);
      stop = () => {
        frame.removeEventListener("pointerdown", down);
        frame.removeEventListener("pointermove", move);
        frame.removeEventListener("pointerup", up);
        frame.removeEventListener("pointercancel", up);
        frame.removeEventListener("click", click, true);
      };
    };
    attach();
    return () => { if (timer) clearTimeout(timer); if (stop) stop(); };
  },
};
