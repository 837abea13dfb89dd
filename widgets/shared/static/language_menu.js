// widgets/shared/controls.py LanguageMenu
export default {
  render({ model, el }) {
    const menu = document.createElement("select");
    menu.className = "rx-language-menu";
    menu.title = model.get("tip");
    for (const [code, name] of model.get("choices")) {
      const option = document.createElement("option");
      option.value = code; option.textContent = name; option.lang = code;
      menu.appendChild(option);
    }
    const show = () => {
      menu.value = model.get("lang");
      document.documentElement.lang = model.get("lang");
      menu.title = model.get("tip");
      menu.setAttribute("aria-label", model.get("tip"));
    };
    menu.addEventListener("change", () => { model.set("lang", menu.value); model.save_changes(); });
    model.on("change:lang", show);
    model.on("change:tip", show);
    show();
    el.appendChild(menu);
  },
};
