// widgets/shared/event_log.py CurrentInView
export default {
  render({ el }) {
    el.style.display = "none";
    let tries = 0;
    const start = () => {
      const box = el.closest(".rx-history")?.querySelector(".rx-log");
      if (!box) { if (tries++ < 200) requestAnimationFrame(start); return; }
      let pending = false;
      const keep = () => {
        pending = false;
        const entry = box.querySelector(".rx-current");
        if (!entry || !box.clientHeight) return;
        const b = box.getBoundingClientRect(), r = entry.getBoundingClientRect();
        if (r.top < b.top) box.scrollTop -= b.top - r.top + 4;
        else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom + 4;
      };
      const later = () => { if (!pending) { pending = true; requestAnimationFrame(keep); } };
      new MutationObserver(later).observe(box, { subtree: true, childList: true,
                                                 attributes: true,
                                                 attributeFilter: ["class"] });
      new ResizeObserver(later).observe(box);
      later();
    };
    start();
  },
};
