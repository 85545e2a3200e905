// The installable app (docs/dashboard.md "On a phone's home screen"): registers the service
// worker (/sw.js, scope "/"), which keeps the app's shell and shows "The hub is not reachable"
// when the hub cannot be reached. Browsers allow a worker only in a secure context (HTTPS, or
// this computer's localhost/127.0.0.1); on the hub's plain http address the page works as
// before, without one. No DOM hooks.

/** Registers the worker when the browser allows one; a failure is logged, never shown. */
export function registerServiceWorker() {
  if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("the offline screen is not available: the service worker did not register", error);
  });
}
