// The state of a panel's live socket (the SensorTag's readings, the Mi Band's steps) in its status line.

/**
 * Shows `message` in `status` ([data-state] connecting | live | error) when it is about the feed
 * itself: the socket dropped, the device connected (`liveText`), or a failure. Returns whether it
 * was one of those (the caller handles the rest).
 */
export function showFeedState(status, message, liveText) {
  if (message.type === "socket" && message.state === "closed") {
    status.dataset.state = "error";
    status.textContent = "The live connection dropped; reconnecting…";
  } else if (message.type === "connection") {
    status.dataset.state = "live";
    status.textContent = liveText;
  } else if (message.type === "error") {
    status.dataset.state = "error";
    status.textContent = `Problem: ${message.message} Trying again…`;
  } else {
    return false;
  }
  return true;
}
