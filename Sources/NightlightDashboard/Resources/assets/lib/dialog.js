// Modal dialogs: openDialog() for any content, confirmDialog() for a yes/no question.
// Hooks: dialog[data-test=…] (confirm-dialog by default), [data-test="dialog-confirm"],
// [data-test="dialog-cancel"].

import { h, uniqueId } from "./dom.js";

/**
 * Opens a modal <dialog> and resolves with the value `close(value)` is called with (undefined
 * when Esc or the backdrop cancels). `build(close)` returns the dialog's content. Focus moves
 * to the first `[autofocus]` or control inside and returns to where it was when it closes.
 */
export function openDialog({ title, className = "", test = "dialog", build }) {
  return new Promise((resolve) => {
    const previous = document.activeElement;
    const titleId = uniqueId("dialog-title");
    const dialog = h("dialog", { class: `dialog ${className}`, "aria-labelledby": titleId, dataset: { test } });
    let result;
    const close = (value) => {
      result = value;
      dialog.close();
    };
    dialog.append(h("h2", { id: titleId, class: "dialog-title", text: title }), build(close));
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (previous && previous.isConnected) previous.focus();
      resolve(result);
    });
    // A click on the backdrop (outside the dialog's box) cancels.
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) close(undefined);
    });
    document.body.append(dialog);
    dialog.showModal();
    const first = dialog.querySelector("[autofocus]") ?? dialog.querySelector("input, select, textarea, button");
    first?.focus();
  });
}

/** A yes/no question in a modal dialog → Promise<boolean>. Esc cancels. `test` names its data-test hook. */
export async function confirmDialog({ title, message, confirm = "OK", cancel = "Cancel", danger = false, test = "confirm-dialog" }) {
  const answer = await openDialog({
    title,
    test,
    build: (close) =>
      h("div", null,
        h("p", { class: "dialog-message", text: message }),
        h("div", { class: "dialog-actions" },
          h("button", { type: "button", class: "button secondary", dataset: { test: "dialog-cancel" }, onclick: () => close(false) }, cancel),
          h("button", { type: "button", class: `button ${danger ? "danger" : "primary"}`, dataset: { test: "dialog-confirm" }, autofocus: !danger, onclick: () => close(true) }, confirm))),
  });
  return answer === true;
}
