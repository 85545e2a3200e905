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

import { api, nightlightPath } from "../../lib/api.js";
import { h } from "../../lib/dom.js";
import { clearErrors, fieldProblem, showError, toast } from "../../lib/feedback.js";
import { imageSizeProblem, imageVerdict, isOlderRecord, refusalWords } from "../../model/firmware.js";
import { capitalize } from "../../model/format.js";
import { lightName } from "../../model/names.js";
import { firmwareLayout, imageDetails, showProgress, showResult } from "./firmware-parts.js";

const POLL_MS = 1000;

/** Shows the firmware section in `container`; returns its cleanup. */
export function render(container, ctx) {
  const path = nightlightPath(ctx.address, "firmware");
  const who = lightName(ctx.device);
  const Who = capitalize(who);
  const parts = firmwareLayout(who, ctx.limits);
  const { fileInput, drop, imageView, updateButton, progressView, resultView, currentView, updateCard } = parts;
  let current = null, model = null, image = null, file = null, running = false, left = false, shown = null;
  container.replaceChildren(parts.element);
  updateButton.addEventListener("click", update);

  // ---- Choosing and inspecting a file ----

  const stopAccepting = acceptFiles(fileInput, drop, choose);

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
      const tooLarge = imageSizeProblem(chosen.name, chosen.size, ctx.limits);
      if (tooLarge) throw new Error(tooLarge);
      const bytes = await chosen.arrayBuffer();
      image = await api("POST", "/api/firmware/inspect", bytes);
      file = { name: chosen.name, bytes };
      const verdict = imageVerdict(image, current, model);
      imageView.replaceChildren(...imageDetails(image, file, current, verdict));
      updateButton.disabled = verdict.wrongModel;
      updateButton.textContent = verdict.action;
    } catch (error) {
      imageView.hidden = true;
      const words = refusalWords(error);
      showError(updateCard, words ? fieldProblem("image", words) : error, { details: words ? error.message : null });
      stillRuns(`${chosen.name} is not a firmware image for ${who}; nothing was sent.`);
    }
  }

  // ---- Updating ----

  async function update() {
    if (!file || running) return;
    clearErrors(updateCard);
    resultView.hidden = true;
    updateButton.disabled = true;
    updateButton.setAttribute("aria-busy", "true");
    try {
      showRecord(await api("POST", path, file.bytes));
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

  /** Shows an update record (from the POST, a live message or the poll), unless an older one. */
  function showRecord(record) {
    if (left || !record || record.state === "idle" || isOlderRecord(record, shown)) return;
    shown = record;
    current = record.currentVersion ?? current;
    currentView.textContent = current ?? "?";
    if (record.state === "running") {
      running = true;
      updateButton.disabled = true;
      showProgress(progressView, record);
      follow();
      return;
    }
    running = false;
    stopPolling();
    updateButton.removeAttribute("aria-busy");
    progressView.hidden = true;
    updateButton.disabled = !file;
    if (record.state === "done") {
      showResult(resultView, "done", `${Who} now runs ${record.currentVersion}.`, record.previousVersion && record.previousVersion !== record.currentVersion ? `It ran ${record.previousVersion} before.` : null);
      forgetFile();
      ctx.reloadDevices?.();
    } else {
      showResult(resultView, "failed", "The update did not finish.", record.message ?? null,
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

  /** A refusal: nothing happened on the nightlight, and the page says so. */
  function stillRuns(title) {
    showResult(resultView, "refused", title, `${Who} still runs ${current ? `its firmware ${current}` : "its firmware"}, unchanged.`);
  }

  // Live progress, with polling as the fallback while an update runs.
  const unsubscribe = ctx.onLive?.((message) => {
    if (message.type === "firmware") showRecord(message.firmware);
  });

  const poller = repeating(async () => {
    try {
      showRecord(await api("GET", path));
    } catch {
      // The live messages may still come; the next poll tries again.
    }
  }, POLL_MS);
  const follow = poller.start;
  const stopPolling = poller.stop;

  async function load() {
    try {
      const [record, status] = await Promise.all([api("GET", path), ctx.status ? Promise.resolve(ctx.status) : ctx.refresh().catch(() => null)]);
      current = record.currentVersion ?? status?.identity?.firmwareVersion ?? null;
      model = status?.identity?.model ?? null;
      currentView.textContent = current ?? "unknown";
      parts.modelView.textContent = model ? `Model ${model}` : "";
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
    stopAccepting();
  };
}

/**
 * Calls choose(file) for a file chosen in `fileInput` or dropped on `drop`; a file dropped next
 * to the zone does not make the browser open it instead of the page. Returns the cleanup.
 */
function acceptFiles(fileInput, drop, choose) {
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
  const keepPage = (event) => event.preventDefault();
  window.addEventListener("dragover", keepPage);
  window.addEventListener("drop", keepPage);
  return () => {
    window.removeEventListener("dragover", keepPage);
    window.removeEventListener("drop", keepPage);
  };
}

/** Runs `task` every `ms` between start() and stop() (start() again while running does nothing). */
function repeating(task, ms) {
  let timer = null;
  return {
    start() {
      if (!timer) timer = setInterval(task, ms);
    },
    stop() {
      clearInterval(timer);
      timer = null;
    },
  };
}
