// widgets/shared/class_panel.py ClassJoin
export default {
  render({ model, el }) {
    const form = document.createElement("form");
    form.className = "rx-class-join-form";
    const input = document.createElement("input");
    input.className = "rx-class-code-input"; input.maxLength = 12; input.size = 10;
    input.autocomplete = "off"; input.spellcheck = false;
    const button = document.createElement("button");
    button.type = "submit"; button.className = "rx-class-join-button";
    const said = document.createElement("span");
    said.className = "rx-class-join-said"; said.setAttribute("role", "status");
    const show = () => {
      const w = model.get("words");
      input.placeholder = w.placeholder || ""; input.setAttribute("aria-label", w.label || "");
      button.textContent = w.button || ""; said.textContent = model.get("said");
    };
    form.addEventListener("submit", (e) => {
      e.preventDefault(); model.send({ join: input.value });
    });
    model.on("change:said", show); model.on("change:words", show);
    model.on("change:go", () => { if (model.get("go")) location.href = model.get("go"); });
    show();
    form.append(input, button, said);
    el.appendChild(form);
  },
};
