// widgets/shared/canvas.py PixelRatio
export default {
  initialize({ model }) {
    let query = null;
    const report = () => {
      model.set("value", window.devicePixelRatio || 1);
      model.save_changes();
      query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      query.addEventListener("change", report, { once: true });
    };
    report();
    return () => query && query.removeEventListener("change", report);
  },
};
