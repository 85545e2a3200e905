// The dashboard's JSON API and live updates (docs/dashboard-api.md): requests with extra headers
// and their answer's headers, WebSockets that reconnect, and the API's paths.
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

/** Whether an error is the API's 409 `stale`: a schedule write made on a version the nightlight no longer has. */
export function isStale(error) {
  return error instanceof ApiError && error.status === 409 && error.code === "stale";
}

/**
 * Calls the API and gives the whole answer: `{body, headers}` (`body` the parsed JSON, null for
 * 204; `headers` the response's Headers, for `ETag`). `path` starts with "/api/"; `body` is sent
 * as JSON, or raw as application/octet-stream when it is a Blob or an ArrayBuffer; `headers`
 * are added to the request (e.g. `If-Match`). Throws ApiError. A 401 sends the browser to the
 * login page.
 */
export async function apiRequest(method, path, body, { headers = {} } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin" };
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
    // A revoked phone is told so; anything else was signed out (the token changed).
    const reason = await response.json().then((body) => body?.error?.code, () => null);
    location.assign(`/login?reason=${reason === "phoneRemoved" || reason === "phoneUnknown" ? reason : "signedOut"}`);
    throw new ApiError({ status: 401, code: "unauthorized", message: "Your access token is missing or wrong; sign in again." });
  }
  if (response.status === 204) return { body: null, headers: response.headers };
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
  return { body: json, headers: response.headers };
}

/**
 * Calls the API (as apiRequest) and resolves to the parsed JSON of the answer (null for 204).
 * `options.headers` are added to the request.
 */
export async function api(method, path, body, options) {
  return (await apiRequest(method, path, body, options)).body;
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
      if (closed) return; // onMessage closed it: no reconnection
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

/** The live updates of a paired nightlight (docs/dashboard-api.md): `socket` on /api/live. */
export function nightlightLive(address, onMessage) {
  return socket(`/api/live?address=${encodeURIComponent(address)}`, onMessage);
}

/** The path of a paired nightlight's API resource: nightlightPath("C4:…", "status") → "/api/devices/C4%3A…/status". */
export function nightlightPath(address, ...rest) {
  return resourcePath("/api/devices", address, rest);
}

/** The path of a saved schedule of the library: schedulePath("School nights", "apply"). */
export function schedulePath(name, ...rest) {
  return resourcePath("/api/schedules", name, rest);
}

/** The path of a device the Explorer hears: explorerDevicePath("00:1B:…", "connect"). */
export function explorerDevicePath(address, ...rest) {
  return resourcePath("/api/explorer/devices", address, rest);
}

/** `base`/`key` (percent-encoded)/`rest…`: one resource of a collection of the API. */
function resourcePath(base, key, rest) {
  return [base, encodeURIComponent(key), ...rest].join("/");
}

/** The Explorer's live socket (`socket` on /api/explorer/live, for one device when `address` is given). */
export function explorerLive(address, onMessage) {
  return socket(`/api/explorer/live${address ? `?address=${encodeURIComponent(address)}` : ""}`, onMessage);
}
