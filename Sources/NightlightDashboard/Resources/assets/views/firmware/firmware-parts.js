// The firmware section's elements: the layout with the drop zone, what an image is, the progress
// of an update and its outcome. firmware.js fills them.

import { h, icon } from "../../lib/dom.js";
import { FIRMWARE_PHASES, maximumInWords, progressText } from "../../model/firmware.js";
import { formatBytes } from "../../model/format.js";

/** The section's layout: {element, fileInput, drop, imageView, updateButton, progressView, resultView, currentView, modelView, updateCard}. */
export function firmwareLayout(who, limits) {
  const fileInput = h("input", { id: "firmware-file", type: "file", accept: ".bin,.img,.fw,application/octet-stream", "aria-describedby": "firmware-drop-hint" });
  const drop = h("label", { class: "drop-zone", for: "firmware-file", dataset: { test: "firmware-drop", field: "image" } },
    icon("firmware"),
    h("strong", { class: "drop-title" }, "Choose a firmware file"),
    h("span", { id: "firmware-drop-hint", class: "muted small" }, `or drop it here · an SN-1 image (.bin), at most ${maximumInWords(limits.firmwareImage.maximumBytes)}`),
    fileInput);
  const imageView = h("div", { class: "image-view", dataset: { test: "firmware-image" }, hidden: true });
  const updateButton = h("button", { id: "firmware-update", type: "button", class: "button primary", disabled: true }, "Update");
  const progressView = h("div", { class: "progress", dataset: { test: "firmware-progress" }, hidden: true });
  const resultView = h("div", { class: "result", dataset: { test: "firmware-result" }, role: "status", hidden: true });
  const currentView = h("p", { class: "big", dataset: { test: "firmware-current" } }, "…");
  const modelView = h("p", { class: "muted small", dataset: { test: "firmware-model" } });
  const updateCard = h("section", { class: "card", "aria-labelledby": "firmware-update-title" },
    h("h2", { id: "firmware-update-title" }, "Update"),
    drop, imageView,
    h("p", { class: "form-error", hidden: true }),
    h("div", { class: "button-row" }, updateButton),
    progressView, resultView);
  const element = h("div", { class: "editor firmware", dataset: { test: "firmware" } },
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Firmware"),
        h("p", { class: "lead" }, `The software inside ${who}. Updating takes a minute; the light goes off for a moment while it restarts.`))),
    h("div", { class: "firmware-layout" },
      h("section", { class: "card", "aria-labelledby": "firmware-current-title" },
        h("h2", { id: "firmware-current-title" }, "Now running"),
        currentView,
        modelView,
        h("p", { class: "muted small" }, "Keep the nightlight near this computer and charged until an update is done.")),
      updateCard));
  return { element, fileInput, drop, imageView, updateButton, progressView, resultView, currentView, modelView, updateCard };
}

/** What an inspected image is: its version against the one running (with the verdict), and its facts. */
export function imageDetails(image, file, current, { verdict }) {
  return [
    h("div", { class: "version-compare", dataset: { test: "firmware-compare" } },
      h("span", null, current ?? "?"), h("span", { class: "arrow", "aria-label": "to" }, "→"), h("span", null, image.version),
      verdict ? h("span", { class: `badge ${verdict[0]}` }, verdict[1]) : null),
    h("dl", { class: "image-facts" },
      h("dt", null, "File"), h("dd", null, file.name),
      h("dt", null, "Model"), h("dd", null, image.model),
      h("dt", null, "Version"), h("dd", null, image.version),
      h("dt", null, "Size"), h("dd", null, formatBytes(image.byteCount)),
      h("dt", null, "CRC-32"), h("dd", { class: "mono" }, image.crc32)),
  ];
}

/** Shows a running update's progress (the bar, the phase, the numbers). */
export function showProgress(progressView, record) {
  progressView.hidden = false;
  const percent = Math.max(0, Math.min(100, record.percent ?? 0));
  const phaseText = FIRMWARE_PHASES[record.phase] ?? record.phase;
  const bar = progressView.querySelector("#firmware-bar") ?? makeProgress(progressView);
  bar.value = percent;
  bar.setAttribute("aria-valuetext", `${percent.toFixed(0)} %, ${phaseText}`);
  const phase = progressView.querySelector("[data-test='firmware-phase']");
  if (phase.textContent !== phaseText) phase.textContent = phaseText; // the live region speaks phase changes only
  progressView.querySelector(".progress-numbers").textContent = progressText(record);
}

function makeProgress(progressView) {
  const bar = h("progress", { id: "firmware-bar", max: "100", value: "0", "aria-labelledby": "firmware-phase" });
  progressView.replaceChildren(
    h("div", { class: "progress-line" },
      h("strong", { id: "firmware-phase", dataset: { test: "firmware-phase" }, "aria-live": "polite" }),
      h("span", { class: "progress-numbers muted" })),
    bar);
  requestAnimationFrame(() => progressView.scrollIntoView({ block: "center" }));
  return bar;
}

/** Shows the outcome: state "done", "failed" or "refused", a title and lines (null ones left out). */
export function showResult(resultView, state, title, ...lines) {
  resultView.hidden = false;
  resultView.dataset.state = state;
  resultView.className = `result ${state === "done" ? "ok" : "failed"}`;
  resultView.replaceChildren(h("strong", null, title), ...lines.filter(Boolean).map((line) => h("p", null, line)));
  requestAnimationFrame(() => resultView.scrollIntoView({ block: "center" }));
}
