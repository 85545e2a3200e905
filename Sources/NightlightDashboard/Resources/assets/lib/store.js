// The page's state in one small store: what the app shell and the views share, instead of
// module globals. `store.get()` reads it, `store.set(patch)` changes it (a shallow merge) and
// tells the subscribers, `store.subscribe(listener)` listens until the returned function is
// called. No DOM: it runs under node --test too.

/**
 * A store over `initial`: {get(), set(patch), subscribe(listener) → unsubscribe}. Listeners get
 * (state, previous) after each set that changes a value (compared with ===), in the order they
 * subscribed; one that throws does not stop the others.
 */
export function createStore(initial) {
  let state = Object.freeze({ ...initial });
  const listeners = new Set();
  return {
    get() {
      return state;
    },
    set(patch) {
      const changed = Object.keys(patch).some((key) => !Object.is(state[key], patch[key]));
      if (!changed) return;
      const previous = state;
      state = Object.freeze({ ...state, ...patch });
      for (const listener of [...listeners]) {
        try {
          listener(state, previous);
        } catch (error) {
          console.error("store listener failed", error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The dashboard's store:
 * - `limits`: the Smart Nightlight's limits (`GET /api/limits`, model/limits.js), read at start;
 * - `devices`: the paired nightlights (`GET /api/devices`);
 * - `address`: the nightlight on show (null on the pages of other devices);
 * - `status`: its last status (`GET …/status`), with its schedule versions;
 * - `link`: its Bluetooth link as the header shows it (connected, reconnecting, offline, …);
 * - `clockChecks`: when each nightlight's clock was last compared (§8; ms since the epoch, by
 *   address): app/clock-check.js checks again when a section opens 5 minutes later;
 * - `alerts`: the open alerts of every nightlight (`GET /api/alerts`, lib/alerts.js), or null
 *   before the first read;
 * - `explorerOpen`: the last view shown was the Explorer's (scanning starts when it is opened);
 * - `explorerTab`: the tab of the Explorer's device page, kept while moving between devices.
 */
export const store = createStore({
  limits: null,
  devices: [],
  address: null,
  status: null,
  link: null,
  clockChecks: {},
  alerts: null,
  explorerOpen: false,
  explorerTab: "info",
});
