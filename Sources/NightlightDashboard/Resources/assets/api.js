// The dashboard's JSON API and live updates (docs/dashboard-api.md).
// No DOM hooks: this module has no UI.

/** An error the API answered (or a network failure: status 0, code "network"). */
export class ApiError extends Error {
  constructor({ status, code, field = null, message, path = null }) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.path = path;
  }
}

/**
 * Calls the API. `path` starts with "/api/"; `body` is sent as JSON, or raw as
 * application/octet-stream when it is a Blob or an ArrayBuffer. Resolves to the parsed JSON
 * (null for 204); throws ApiError. A 401 sends the browser to the login page.
 */
export async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body instanceof Blob || body instanceof ArrayBuffer) {
    init.headers["Content-Type"] = "application/octet-stream";
    init.body = body;
  } else if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError({
      status: 0,
      code: "network",
      message: "The dashboard server cannot be reached. Check that `nightlight dashboard` is still running.",
    });
  }
  if (response.status === 401) {
    location.assign("/login");
    throw new ApiError({ status: 401, code: "unauthorized", message: "Your access token is missing or wrong; sign in again." });
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: handled below as an error or an empty answer.
  }
  if (!response.ok) {
    const error = json && json.error;
    throw new ApiError({
      status: response.status,
      code: error?.code ?? "http" + response.status,
      field: error?.field ?? null,
      message: error?.message ?? `The server answered ${response.status} ${response.statusText}.`,
      path: error?.path ?? null,
    });
  }
  return json;
}

/**
 * Opens a WebSocket of the API (`path` like "/api/live?address=…", on ws:// or wss:// as the
 * page) and calls `onMessage(obj)` for each JSON message. Besides the server's messages it
 * reports its own socket as `{type: "socket", state: "open" | "closed"}`. Reconnects with
 * backoff (1 s … 30 s) when the socket drops. Returns `{ close() }`.
 */
export function socket(path, onMessage) {
  const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
  let current = null;
  let closed = false;
  let delay = 1000;
  let timer = null;

  function connect() {
    current = new WebSocket(url);
    current.addEventListener("open", () => {
      delay = 1000;
      onMessage({ type: "socket", state: "open" });
    });
    current.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not JSON: ignore
      }
      onMessage(message);
    });
    current.addEventListener("close", () => {
      if (closed) return;
      onMessage({ type: "socket", state: "closed" });
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    });
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      // Closing a socket that is still connecting logs an error: close it once open instead.
      if (current?.readyState === WebSocket.CONNECTING) current.addEventListener("open", () => current.close());
      else current?.close();
    },
  };
}

/** The live updates of a paired SN (docs/dashboard-api.md): `socket` on /api/live. */
export function live(address, onMessage) {
  return socket(`/api/live?address=${encodeURIComponent(address)}`, onMessage);
}

/** The path of a paired SN's API resource: devicePath("C4:…", "status"). */
export function devicePath(address, ...rest) {
  return ["/api/devices", encodeURIComponent(address), ...rest].join("/");
}
