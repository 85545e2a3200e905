// Firmware updates (SN profile §7) as the page shows them: versions compared, an image against
// what the nightlight runs, the phases in words, and which update record is the newest. Pure: no DOM.

import { formatBytes } from "./format.js";

/** The update's phases in words. */
export const FIRMWARE_PHASES = {
  starting: "Getting ready",
  sending: "Sending the new firmware",
  resuming: "The link dropped: picking up where it stopped",
  validating: "The nightlight checks the image",
  activating: "The nightlight restarts into it",
  verifying: "Checking the version it now runs",
  done: "Done",
};

/** -1, 0 or 1: versions compared part by part as numbers ("1.10.0" > "1.9.2"; missing parts are 0). */
export function compareVersions(a, b) {
  const parts = (version) => String(version).split(/[.+-]/).map((p) => parseInt(p, 10) || 0);
  const pa = parts(a), pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0) ? 1 : -1;
  }
  return 0;
}

/** Why a file cannot be a firmware image by its size alone (over `limits.firmwareImage.maximumBytes`), or null. */
export function imageSizeProblem(name, size, limits) {
  const maximum = limits.firmwareImage.maximumBytes;
  if (size <= maximum) return null;
  return `${name} is ${formatBytes(size)}: a nightlight firmware image is at most ${maximumInWords(maximum)}.`;
}

/**
 * Why the hub refused a file as a firmware image, in a parent's words (the server's message is
 * for developers), or null for another failure: too large, not signed (SN firmware 1.1 takes
 * signed images only), or not an image at all / damaged.
 */
export function refusalWords(error) {
  const again = "Download the update again from Nightlight Labs and choose that file.";
  if (error?.code === "tooLarge") return `This file is too large to be a nightlight's firmware. ${again}`;
  if (error?.code === "unsignedFirmware") return `This firmware is not signed by its maker, and the nightlight installs signed firmware only. ${again}`;
  if (error?.code !== "invalidFirmware") return null;
  return `This file is not a nightlight firmware update, or it is damaged. ${again}`;
}

/** 1048576 → "1 MiB", 65536 → "64 KiB", else bytes. */
export function maximumInWords(bytes) {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * What an inspected image is next to the nightlight: {order, wrongModel, verdict, action}:
 * `order` compares its version with `current` (null when unknown), `verdict` is [badge kind,
 * words] or null, `action` the update button's label.
 */
export function imageVerdict(image, current, model) {
  const order = current ? compareVersions(image.version, current) : null;
  const wrongModel = Boolean(model) && image.model !== model;
  const verdict = wrongModel ? ["danger", `For ${image.model}, not ${model}`]
    : order === 1 ? ["ok", "Newer"] : order === 0 ? ["", "Same version"] : order === -1 ? ["warn", "Older: this goes back"] : null;
  const action = order === -1 ? `Go back to ${image.version}` : order === 0 ? `Install ${image.version} again` : `Update to ${image.version}`;
  return { order, wrongModel, verdict, action };
}

/**
 * Whether `record` is older than the record shown (the POST's answer, live messages and the
 * poll can arrive out of order): the same update (startedAt), and either the shown one has
 * ended, or both run and this one sent less without a new resume.
 */
export function isOlderRecord(record, shown) {
  if (!shown || record.startedAt !== shown.startedAt) return false;
  if (shown.state !== "running") return true;
  return record.state === "running" && record.sent < shown.sent && (record.resumes ?? 0) <= (shown.resumes ?? 0);
}

/** A running update's numbers: "30.0 % · 12.3 KB of 41.0 KB · resumed 1×". */
export function progressText(record) {
  const percent = Math.max(0, Math.min(100, record.percent ?? 0));
  return `${percent.toFixed(1)} % · ${formatBytes(record.sent ?? 0)} of ${formatBytes(record.total ?? 0)}${record.resumes ? ` · resumed ${record.resumes}×` : ""}`;
}
