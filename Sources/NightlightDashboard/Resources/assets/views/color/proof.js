// LED proof mode for the colour tool (SN profile §8): while the tool is open the nightlight shows
// the colour live. Hooks: [data-test="color-proof-status"][data-kind] (on | error), #color-proof
// (the switch, unchecked again when proof mode could not start).

import { api, nightlightPath } from "../../lib/api.js";
import { h } from "../../lib/dom.js";

const PROOF_INTERVAL = 150; // ms between LED colour writes while the colour changes
const PROOF_KEEPALIVE = 60000; // proof mode ends after 120 s without a write; refresh it well before

/**
 * LED proof mode for one nightlight: start(color) turns it on, show(color) writes the LED colour
 * (at most every PROOF_INTERVAL ms, only the latest), stop() writes the last colour and turns it
 * off. `statusView` says how it goes.
 */
export function proofLink(address, led) {
  const ledPath = nightlightPath(address, "led-color");
  const proofPath = nightlightPath(address, "proof");
  const statusView = h("p", { class: "proof-status", dataset: { test: "color-proof-status" }, "aria-live": "polite", hidden: true });
  let on = false, starting = null, wanted = null, sending = null, timer = null, keepalive = null, lastColor = null;

  const say = (text, kind) => {
    statusView.hidden = !text;
    statusView.textContent = text ?? "";
    statusView.dataset.kind = kind ?? "";
  };

  async function flush() {
    if (sending || wanted === null) return;
    const color = wanted;
    wanted = null;
    sending = api("PUT", ledPath, { led, color })
      .then(() => { lastColor = color; })
      .catch((error) => say(`The nightlight did not take the color: ${error.message}`, "error"));
    await sending;
    sending = null;
    if (wanted !== null) schedule();
  }

  function schedule() {
    if (!timer) timer = setTimeout(() => { timer = null; flush(); }, PROOF_INTERVAL);
  }

  async function begin(color) {
    try {
      await api("PUT", ledPath, { led, color });
      lastColor = color;
      await api("PUT", proofPath, { on: true });
      if (!on) return;
      say("Showing live on the nightlight", "on");
      keepalive = setInterval(() => {
        if (wanted === null && lastColor) wanted = lastColor;
        flush();
      }, PROOF_KEEPALIVE);
    } catch (error) {
      on = false;
      say(`Could not show it on the nightlight: ${error.message}`, "error");
      const box = document.getElementById("color-proof");
      if (box) box.checked = false;
    }
  }

  return {
    statusView,
    start(color) {
      on = true;
      say("Connecting to the nightlight…");
      starting = begin(color);
      return starting;
    },
    show(color) {
      if (!on || color === lastColor) return;
      wanted = color;
      schedule();
    },
    async stop() {
      if (!on) return;
      on = false;
      clearTimeout(timer);
      clearInterval(keepalive);
      timer = keepalive = null;
      wanted = null;
      await starting;
      await sending;
      say(null);
      try {
        await api("PUT", proofPath, { on: false });
      } catch (error) {
        say(`Could not end the live preview: ${error.message}`, "error");
      }
    },
  };
}
