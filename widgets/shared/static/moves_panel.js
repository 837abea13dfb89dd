// widgets/shared/access.py MovesPanel
export default {
  render({ model, el }) {
    el.classList.add("rx-moves-panel");
    const movesHeading = document.createElement("h3");
    movesHeading.tabIndex = -1;
    movesHeading.className = "rx-moves-heading";
    const note = document.createElement("p");
    note.className = "rx-moves-note";
    const list = document.createElement("div");
    list.className = "rx-moves-groups";
    const textHeading = document.createElement("h3");
    textHeading.tabIndex = -1;
    textHeading.className = "rx-board-text-heading";
    const text = document.createElement("div");
    text.className = "rx-board-text";
    el.append(movesHeading, note, list, textHeading, text);
    let details = [];
    const fillGroup = () => {
      const opened = model.get("opened");
      details.forEach((d, i) => {
        const box = d.querySelector(".rx-move-buttons");
        if (i !== opened) { box.replaceChildren(); return; }
        const buttons = model.get("moves").map((label, j) => {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "rx-move-button";
          b.textContent = label;
          b.addEventListener("click", () => model.send({ play: [i, j] }));
          return b;
        });
        if (model.get("more") > 0) {
          const more = document.createElement("button");
          more.type = "button";
          more.className = "rx-move-more";
          more.textContent = model.get("more_text");
          more.addEventListener("click", () => model.send({ more: i }));
          buttons.push(more);
        }
        box.replaceChildren(...buttons);
      });
    };
    const showGroups = () => {
      details = model.get("groups").map(([title, count], i) => {
        const d = document.createElement("details");
        d.className = "rx-move-group";
        const summary = document.createElement("summary");
        summary.textContent = title + " (" + count + ")";
        const box = document.createElement("div");
        box.className = "rx-move-buttons";
        d.append(summary, box);
        d.addEventListener("toggle", () => {
          if (d.open) {
            details.forEach((other) => { if (other !== d) other.open = false; });
            model.send({ open: i });
          }
        });
        return d;
      });
      list.replaceChildren(...details);
      const opened = model.get("opened");
      if (opened >= 0 && opened < details.length) details[opened].open = true;
      fillGroup();
    };
    const showTexts = () => {
      movesHeading.textContent = model.get("moves_title");
      textHeading.textContent = model.get("text_title");
      note.textContent = model.get("note");
      text.innerHTML = model.get("board");
    };
    model.on("change:groups", showGroups);
    model.on("change:moves", fillGroup);
    model.on("change:more", fillGroup);
    model.on("change:opened", fillGroup);
    for (const name of ["moves_title", "text_title", "note", "board"]) {
      model.on("change:" + name, showTexts);
    }
    model.on("msg:custom", (message) => {
      if (!message) return;
      if (message.focus === "moves") {
        const first = list.querySelector("summary");
        (first || movesHeading).focus();
      } else if (message.focus === "text") {
        textHeading.focus();
      }
    });
    showTexts();
    showGroups();
  },
};
