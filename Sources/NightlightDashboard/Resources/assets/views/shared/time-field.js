// A time of day typed on the 24-hour clock ("21:00"), the same in every browser language: the
// page's one kind of time field (an <input type=time> shows AM/PM in some languages).
// Hooks: the input's own id and dataset.

import { h } from "../../lib/dom.js";
import { minutesFromTimeText, timeInputValue } from "../../model/format.js";

/**
 * A text field for a time of day: a numeric keyboard on phones, "hh:mm" as its placeholder.
 * `minutes` is the value shown (null: empty; an end of 1440 shows as 00:00); `oninput(minutes)`
 * gets each typed value as minutes, or null while it is not a time of day.
 */
export function timeField({ id, minutes, which = "start", required = false, dataset = {}, oninput }) {
  return h("input", {
    id, type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "hh:mm", maxlength: "5", spellcheck: "false",
    required, value: timeInputValue(minutes, which), dataset: { ...dataset, timeField: "24h" },
    oninput: (event) => oninput(minutesFromTimeText(event.target.value, which)),
  });
}
