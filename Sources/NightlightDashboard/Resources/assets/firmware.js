// #/firmware/ADDR — firmware update (SN profile §7): choose an image (or drop it), see what it is
// next to what the nightlight runs, update, follow the progress (live `firmware` messages, and
// GET …/firmware every second as a fallback), and read the outcome. A refused or failed update
// says plainly that the nightlight still runs its old firmware.
//
// Hooks: [data-test="firmware"], [data-test="firmware-current"] (the version running),
// #firmware-file (input type=file) inside [data-test="firmware-drop"] (data-field="image"),
// [data-test="firmware-image"] (what the chosen file is) with [data-test="firmware-compare"],
// #firmware-update, [data-test="firmware-progress"] with progress#firmware-bar,
// [data-test="firmware-phase"], [data-test="firmware-result"][data-state=done|failed|refused],
// .field-error (a file that is not an image).

import { api, devicePath } from "./api.js";
import { h, icon, showError, clearErrors, toast } from "./ui.js";
import { lightName } from "./week.js";

const MAX_BYTES = 1024 * 1024;
const POLL_MS = 1000;
const PHASES = {
  starting: "Getting ready",
  sending: "Sending the new firmware",
  resuming: "The link dropped: picking up where it stopped",
  validating: "The nightlight checks the image",
  activating: "The nightlight restarts into it",
  verifying: "Checking the version it now runs",
  done: "Done",
};

/** -1, 0 or 1: semantic versions compared part by part ("1.10.0" > "1.9.2"). */
function compareVersions(a, b) {
  const pa = String(a).split(/[.+-]/).map((p) => parseInt(p, 10) || 0), pb = String(b).split(/[.+-]/).map((p) => parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0) ? 1 : -1;
  }
  return 0;
}

const kb = (bytes) => (bytes < 10240 ? `${bytes.toLocaleString()} bytes` : `${(bytes / 1024).toFixed(bytes < 1024 * 100 ? 1 : 0)} KB`);

export function render(container, ctx) {
  const base = devicePath(ctx.address, "firmware");
  const who = lightName(ctx);
  const Who = who[0].toUpperCase() + who.slice(1);
  let current = null, model = null, image = null, file = null, running = false, poll = null, left = false, shown = null;

  const fileInput = h("input", { id: "firmware-file", type: "file", accept: ".bin,.img,.fw,application/octet-stream", "aria-describedby": "firmware-drop-hint" });
  const drop = h("label", { class: "drop-zone", for: "firmware-file", dataset: { test: "firmware-drop", field: "image" } },
    icon("firmware"),
    h("strong", { class: "drop-title" }, "Choose a firmware file"),
    h("span", { id: "firmware-drop-hint", class: "muted small" }, "or drop it here · an SN-1 image (.bin), at most 1 MiB"),
    fileInput);
  const imageView = h("div", { class: "image-view", dataset: { test: "firmware-image" }, hidden: true });
  const updateButton = h("button", { id: "firmware-update", type: "button", class: "button primary", disabled: true, onclick: update }, "Update");
  const progressView = h("div", { class: "progress", dataset: { test: "firmware-progress" }, hidden: true });
  const resultView = h("div", { class: "result", dataset: { test: "firmware-result" }, role: "status", hidden: true });
  const currentView = h("p", { class: "big", dataset: { test: "firmware-current" } }, "…");
  const updateCard = h("section", { class: "card", "aria-labelledby": "firmware-update-title" },
    h("h2", { id: "firmware-update-title" }, "Update"),
    drop, imageView,
    h("p", { class: "form-error", hidden: true }),
    h("div", { class: "button-row" }, updateButton),
    progressView, resultView);

  container.replaceChildren(h("div", { class: "editor firmware", dataset: { test: "firmware" } },
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Firmware"),
        h("p", { class: "lead" }, `The software inside ${who}. Updating takes a minute; the light goes off for a moment while it restarts.`))),
    h("div", { class: "firmware-layout" },
      h("section", { class: "card", "aria-labelledby": "firmware-current-title" },
        h("h2", { id: "firmware-current-title" }, "Now running"),
        currentView,
        h("p", { class: "muted small", dataset: { test: "firmware-model" } }),
        h("p", { class: "muted small" }, "Keep the nightlight near this computer and charged until an update is done.")),
      updateCard)));

  // ---- Choosing and inspecting a file ----

  fileInput.addEventListener("change", () => fileInput.files[0] && choose(fileInput.files[0]));
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("dragging");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragging"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("dragging");
    if (event.dataTransfer.files[0]) choose(event.dataTransfer.files[0]);
  });
  // A file dropped next to the zone must not make the browser open it instead of the page.
  const keepPage = (event) => event.preventDefault();
  window.addEventListener("dragover", keepPage);
  window.addEventListener("drop", keepPage);

  async function choose(chosen) {
    if (running) return;
    drop.querySelector(".drop-title").textContent = "Choose another file";
    clearErrors(updateCard);
    resultView.hidden = true;
    image = null;
    file = null;
    updateButton.disabled = true;
    imageView.hidden = false;
    imageView.replaceChildren(h("p", { class: "muted" }, `Reading ${chosen.name}…`));
    try {
      if (chosen.size > MAX_BYTES) throw new Error(`${chosen.name} is ${kb(chosen.size)}: a nightlight firmware image is at most 1 MiB.`);
      const bytes = await chosen.arrayBuffer();
      image = await api("POST", "/api/firmware/inspect", bytes);
      file = { name: chosen.name, bytes };
      showImage();
    } catch (error) {
      imageView.hidden = true;
      showError(updateCard, error);
      stillRuns(`${chosen.name} is not a firmware image for ${who}; nothing was sent.`);
    }
  }

  function showImage() {
    const order = current ? compareVersions(image.version, current) : null;
    const wrongModel = model && image.model !== model;
    const verdict = wrongModel ? ["danger", `For ${image.model}, not ${model}`]
      : order === 1 ? ["ok", "Newer"] : order === 0 ? ["", "Same version"] : order === -1 ? ["warn", "Older: this goes back"] : null;
    imageView.replaceChildren(
      h("div", { class: "version-compare", dataset: { test: "firmware-compare" } },
        h("span", null, current ?? "?"), h("span", { class: "arrow", "aria-label": "to" }, "→"), h("span", null, image.version),
        verdict ? h("span", { class: `badge ${verdict[0]}` }, verdict[1]) : null),
      h("dl", { class: "image-facts" },
        h("dt", null, "File"), h("dd", null, file.name),
        h("dt", null, "Model"), h("dd", null, image.model),
        h("dt", null, "Version"), h("dd", null, image.version),
        h("dt", null, "Size"), h("dd", null, kb(image.byteCount)),
        h("dt", null, "CRC-32"), h("dd", { class: "mono" }, image.crc32)));
    updateButton.disabled = wrongModel;
    updateButton.textContent = order === -1 ? `Go back to ${image.version}` : order === 0 ? `Install ${image.version} again` : `Update to ${image.version}`;
  }

  // ---- Updating ----

  async function update() {
    if (!file || running) return;
    clearErrors(updateCard);
    resultView.hidden = true;
    updateButton.disabled = true;
    updateButton.setAttribute("aria-busy", "true");
    try {
      showRecord(await api("POST", base, file.bytes));
    } catch (error) {
      updateButton.removeAttribute("aria-busy");
      if (error.code === "busy") {
        toast("An update is already running on this nightlight; following it.", "info");
        follow();
        return;
      }
      updateButton.disabled = false;
      showError(updateCard, error);
      stillRuns(`The update was refused: ${error.message}`);
    }
  }

  /**
   * Whether a record is older than the one shown (the POST's answer, live messages and the poll
   * can arrive out of order): same update, and it is running with fewer bytes sent and no new
   * resume, or the shown one has already ended.
   */
  function isStale(record) {
    if (!shown || record.startedAt !== shown.startedAt) return false;
    if (shown.state !== "running") return true;
    return record.state === "running" && record.sent < shown.sent && (record.resumes ?? 0) <= (shown.resumes ?? 0);
  }

  /** Shows an update record (from the POST, a live message or the poll). */
  function showRecord(record) {
    if (left || !record || record.state === "idle" || isStale(record)) return;
    shown = record;
    current = record.currentVersion ?? current;
    currentView.textContent = current ?? "?";
    if (record.state === "running") {
      running = true;
      updateButton.disabled = true;
      progressView.hidden = false;
      const percent = Math.max(0, Math.min(100, record.percent ?? 0));
      const bar = progressView.querySelector("#firmware-bar") ?? makeProgress();
      bar.value = percent;
      bar.setAttribute("aria-valuetext", `${percent.toFixed(0)} %, ${PHASES[record.phase] ?? record.phase}`);
      const phase = progressView.querySelector("[data-test='firmware-phase']");
      const text = PHASES[record.phase] ?? record.phase;
      if (phase.textContent !== text) phase.textContent = text; // the live region speaks phase changes only
      progressView.querySelector(".progress-numbers").textContent =
        `${percent.toFixed(1)} % · ${kb(record.sent ?? 0)} of ${kb(record.total ?? 0)}${record.resumes ? ` · resumed ${record.resumes}×` : ""}`;
      follow();
      return;
    }
    running = false;
    stopPolling();
    updateButton.removeAttribute("aria-busy");
    progressView.hidden = true;
    updateButton.disabled = !file;
    if (record.state === "done") {
      result("done", `${Who} now runs ${record.currentVersion}.`, record.previousVersion && record.previousVersion !== record.currentVersion ? `It ran ${record.previousVersion} before.` : null);
      forgetFile();
      ctx.reloadDevices?.();
    } else {
      result("failed", "The update did not finish.", record.message ?? null,
        `${Who} still runs its old firmware, ${record.currentVersion ?? record.previousVersion ?? current}.`);
    }
  }

  /** After a successful update the chosen file has done its job. */
  function forgetFile() {
    file = image = null;
    fileInput.value = "";
    imageView.hidden = true;
    drop.querySelector(".drop-title").textContent = "Choose a firmware file";
    updateButton.disabled = true;
    updateButton.textContent = "Update";
  }

  function makeProgress() {
    const bar = h("progress", { id: "firmware-bar", max: "100", value: "0", "aria-labelledby": "firmware-phase" });
    progressView.replaceChildren(
      h("div", { class: "progress-line" },
        h("strong", { id: "firmware-phase", dataset: { test: "firmware-phase" }, "aria-live": "polite" }),
        h("span", { class: "progress-numbers muted" })),
      bar);
    requestAnimationFrame(() => progressView.scrollIntoView({ block: "center" }));
    return bar;
  }

  function result(state, title, ...lines) {
    resultView.hidden = false;
    resultView.dataset.state = state;
    resultView.className = `result ${state === "done" ? "ok" : "failed"}`;
    resultView.replaceChildren(h("strong", null, title), ...lines.filter(Boolean).map((line) => h("p", null, line)));
    requestAnimationFrame(() => resultView.scrollIntoView({ block: "center" }));
  }

  /** A refusal: nothing happened on the nightlight, and the page says so. */
  function stillRuns(title) {
    result("refused", title, `${Who} still runs ${current ? `its firmware ${current}` : "its firmware"}, unchanged.`);
  }

  // Live progress, with polling as the fallback while an update runs.
  const unsubscribe = ctx.onLive?.((message) => {
    if (message.type === "firmware") showRecord(message.firmware);
  });

  function follow() {
    if (poll) return;
    poll = setInterval(async () => {
      try {
        showRecord(await api("GET", base));
      } catch {
        // The live messages may still come; the next poll tries again.
      }
    }, POLL_MS);
  }

  function stopPolling() {
    clearInterval(poll);
    poll = null;
  }

  async function load() {
    try {
      const [record, status] = await Promise.all([api("GET", base), ctx.status ? Promise.resolve(ctx.status) : ctx.refresh().catch(() => null)]);
      current = record.currentVersion ?? status?.identity?.firmwareVersion ?? null;
      model = status?.identity?.model ?? null;
      currentView.textContent = current ?? "unknown";
      container.querySelector("[data-test='firmware-model']").textContent = model ? `Model ${model}` : "";
      if (record.state === "running") showRecord(record);
    } catch (error) {
      currentView.textContent = "unknown";
      showError(updateCard, error);
    }
  }

  load();
  return () => {
    left = true;
    stopPolling();
    unsubscribe?.();
    window.removeEventListener("dragover", keepPage);
    window.removeEventListener("drop", keepPage);
  };
}
