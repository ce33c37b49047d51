// Inline validation of server-rendered forms, in the page's language (the page does not hydrate).
// The rules are the HTML constraint attributes the server derived from its zod schema; the words are
// the server's own messages, rendered into a JSON block named by the form's data-messages. Errors
// use the same markup as the server's (field message, aria-invalid, the linked summary), so a page
// reads the same whether a message came from here or from a post. Without this file the browser
// checks the same attributes and the server answers every post.
(() => {
  for (const form of document.querySelectorAll("form[data-messages]")) enhance(form);

  // The browser's time zone in the order form's hidden field: the customer's pages then tell times
  // on their clock (app/i18n/time-zone.ts checks it; without this file, the owner's clock, named).
  for (const field of document.querySelectorAll("input[data-time-zone]")) {
    try {
      field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch {
      // An old browser without Intl's zones: the owner's clock.
    }
  }

  function enhance(form) {
    const block = document.getElementById(form.dataset.messages);
    if (!block) return;
    const { summary, fields: rules } = JSON.parse(block.textContent || "{}");
    // Our messages replace the browser's bubbles; the checks stay the browser's.
    form.noValidate = true;
    const checked = () => [...form.elements].filter((el) => rules[el.name] && !el.disabled && el.id);
    const touched = new WeakSet();

    function message(el) {
      const words = rules[el.name];
      // A box to tick (the terms, the waiver): its value is always "on"; only ticking counts.
      if (el.type === "checkbox") return el.required && !el.checked ? words.valueMissing || el.validationMessage : "";
      const value = el.value.trim();
      if (!value) return el.required ? words.valueMissing || el.validationMessage : "";
      // Spaces collapse on the server before lengths count: count the same way.
      const length = value.replace(/\s+/g, " ").length;
      if (el.minLength > 0 && length < el.minLength) return words.tooShort || el.validationMessage;
      if (el.maxLength > 0 && length > el.maxLength) return words.tooLong || el.validationMessage;
      if (el.validity.typeMismatch || el.validity.patternMismatch) return words.patternMismatch || el.validationMessage;
      return "";
    }

    function show(el, text) {
      const id = `${el.id}-error`;
      let line = document.getElementById(id);
      const others = (el.getAttribute("aria-describedby") || "").split(" ").filter((ref) => ref && ref !== id);
      if (text) {
        if (!line) {
          line = document.createElement("p");
          line.id = id;
          line.className = "mt-1 text-sm font-medium text-red-700";
          el.parentElement.append(line);
        }
        line.textContent = text;
        el.setAttribute("aria-invalid", "true");
        el.setAttribute("aria-describedby", [id, ...others].join(" "));
      } else {
        line?.remove();
        el.removeAttribute("aria-invalid");
        if (others.length) el.setAttribute("aria-describedby", others.join(" "));
        else el.removeAttribute("aria-describedby");
      }
    }

    /** The summary above the form: every field message in the form's order, each linked to its field. */
    function summarise(focus) {
      let box = document.getElementById(summary.id);
      const items = checked()
        .map((el) => [el, document.getElementById(`${el.id}-error`)?.textContent])
        .filter(([, text]) => text);
      if (!items.length) return box?.remove();
      if (!box) {
        box = document.createElement("div");
        box.id = summary.id;
        box.setAttribute("role", "alert");
        box.tabIndex = -1;
        box.className = "error-summary mb-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900";
        form.before(box);
      }
      const title = Object.assign(document.createElement("p"), {
        className: "font-semibold",
        textContent: summary.title,
      });
      const list = Object.assign(document.createElement("ul"), { className: "mt-2 list-disc pl-5" });
      for (const [el, text] of items) {
        const link = Object.assign(document.createElement("a"), {
          className: "underline",
          href: `#${el.id}`,
          textContent: text,
        });
        const item = document.createElement("li");
        item.append(link);
        list.append(item);
      }
      box.replaceChildren(title, list);
      if (focus) box.focus();
    }

    function recheck(el) {
      show(el, message(el));
      // A summary already on screen follows the fields; a new one appears only on submit.
      if (document.getElementById(summary.id)) summarise(false);
    }

    // Checked when the visitor leaves a field they typed in; rechecked as they type once it is wrong.
    form.addEventListener("input", (event) => {
      const el = event.target;
      if (!rules[el.name]) return;
      touched.add(el);
      if (el.getAttribute("aria-invalid") === "true") recheck(el);
    });
    form.addEventListener("focusout", (event) => {
      const el = event.target;
      if (rules[el.name] && (touched.has(el) || el.getAttribute("aria-invalid") === "true")) recheck(el);
    });

    const buttons = () => form.querySelectorAll("button[data-pending-label]");
    function pending(on) {
      for (const button of buttons()) {
        if (on) {
          button.dataset.label = button.textContent;
          button.textContent = button.dataset.pendingLabel;
        } else if (button.dataset.label) {
          button.textContent = button.dataset.label;
        }
        button.disabled = on;
      }
    }
    // Back from the next page (back/forward cache): the form is usable again.
    window.addEventListener("pageshow", (event) => event.persisted && pending(false));

    form.addEventListener("submit", (event) => {
      // The language switcher posts the form as typed (formnovalidate): no checks, no "sending".
      if (event.submitter?.formNoValidate) return;
      let wrong = false;
      for (const el of checked()) {
        const text = message(el);
        show(el, text);
        wrong ||= Boolean(text);
      }
      if (wrong) {
        event.preventDefault();
        summarise(true);
        return;
      }
      // A second click would post the same order again: the button says it is sending instead.
      pending(true);
    });
  }
})();
