// Small progressive enhancements for the marketing pages (they work fully without this file).
(() => {
  // Video facades: swap the poster link for the player only when the visitor asks for it.
  document.addEventListener("click", (event) => {
    const facade = event.target instanceof Element ? event.target.closest("a.video-facade[data-embed]") : null;
    if (!facade || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = facade.dataset.embed;
    frame.title = facade.dataset.title || "";
    frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
    frame.allowFullscreen = true;
    const holder = document.createElement("div");
    holder.className = facade.className;
    holder.appendChild(frame);
    facade.replaceWith(holder);
    frame.focus();
  });

  // Navigation disclosure: hover opens after 200 ms, a quick move between items skips the delay
  // for 300 ms, leaving closes after 150 ms (spec timings). Click/tap keeps working as before.
  let skipUntil = 0;
  for (const menu of document.querySelectorAll("details[data-hover]")) {
    let timer;
    menu.addEventListener("pointerenter", (e) => {
      if (e.pointerType !== "mouse") return;
      clearTimeout(timer);
      timer = setTimeout(() => (menu.open = true), Date.now() < skipUntil ? 0 : 200);
    });
    menu.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "mouse") return;
      clearTimeout(timer);
      skipUntil = Date.now() + 300;
      timer = setTimeout(() => (menu.open = false), 150);
    });
  }
  // One menu group open at a time (without JavaScript, each stays open until clicked again).
  for (const group of document.querySelectorAll("details.nav-group")) {
    group.addEventListener("toggle", () => {
      if (group.open)
        for (const other of document.querySelectorAll("details.nav-group[open]"))
          if (other !== group) other.open = false;
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") for (const d of document.querySelectorAll("details[open]")) d.open = false;
  });

  // Print and Copy beside recovery codes: shown only when this script runs (the download link
  // works without it). Copy needs the clipboard API (a secure context).
  for (const button of document.querySelectorAll("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
  for (const button of document.querySelectorAll("button[data-copy]")) {
    if (!navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(button.dataset.copy).then(() => (button.textContent = button.dataset.copied));
    });
  }
})();
