// widgets/shared/share_panel.py Downloader
export default {
  initialize({ model }) {
    const save = (msg, buffers) => {
      if (!msg || msg.kind !== "save" || !buffers || !buffers.length) return;
      const url = URL.createObjectURL(new Blob([buffers[0]], { type: String(msg.mime) }));
      const link = document.createElement("a");
      link.href = url;
      link.download = String(msg.name);
      link.style.display = "none";
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    };
    model.on("msg:custom", save);
    return () => model.off("msg:custom", save);
  },
};
