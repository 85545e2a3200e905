// The page's sections and the view module each loads (on demand: a view is fetched the first
// time it is shown). Every view module exports render(container, ctx) (see app/router.js).

/** The sections of a paired nightlight, in navigation order (#/ROUTE/ADDRESS). */
export const NIGHTLIGHT_SECTIONS = [
  { route: "dashboard", label: "Today", icon: "today", load: () => import("../views/today/today.js") },
  { route: "week", label: "Week", icon: "week", load: () => import("../views/week/week.js") },
  { route: "library", label: "Library", icon: "library", load: () => import("../views/library/library.js") },
  { route: "button", label: "Button", icon: "button", load: () => import("../views/button/button.js") },
  { route: "firmware", label: "Firmware", icon: "firmware", load: () => import("../views/firmware/firmware.js") },
  { route: "history", label: "History", icon: "history", load: () => import("../views/history/history.js") },
  { route: "info", label: "Device", icon: "info", load: () => import("../views/info/info.js") },
];

/** Every paired nightlight at a glance (#/home). */
export const HOME_SECTION = { route: "home", label: "Home", load: () => import("../views/home/home.js") };
/** The pages that show no paired nightlight. */
export const PAIR_SECTION = { route: "pair", label: "Pair a nightlight", load: () => import("../views/pair/pair.js") };
/** Every device nearby (#/explorer, #/explorer/ADDRESS: one). */
export const EXPLORER_SECTION = { route: "explorer", label: "Explorer", load: () => import("../views/explorer/explorer.js") };
/** The seed devices' panels (#/devices, #/devices/KIND/ADDRESS: one). */
export const PANELS_SECTION = { route: "devices", label: "Devices", load: () => import("../views/panels/panels.js") };

/** The phones with their own access (#/phones). */
export const PHONES_SECTION = { route: "phones", label: "Phones", load: () => import("../views/phones/phones.js") };
/** A one-time invitation for a phone (#/add-phone). */
export const ADD_PHONE_SECTION = { route: "add-phone", label: "Add a phone", load: () => import("../views/phones/add-phone.js") };

const OTHER_SECTIONS = [HOME_SECTION, PAIR_SECTION, EXPLORER_SECTION, PANELS_SECTION, PHONES_SECTION, ADD_PHONE_SECTION];

/** The section of a route name, and whether it shows a paired nightlight; null for none. */
export function sectionOf(route) {
  const other = OTHER_SECTIONS.find((section) => section.route === route);
  if (other) return { section: other, showsNightlight: false };
  const section = NIGHTLIGHT_SECTIONS.find((s) => s.route === route);
  return section ? { section, showsNightlight: true } : null;
}

/** Whether a route is a section of a paired nightlight (the switcher keeps it). */
export function isNightlightSection(route) {
  return NIGHTLIGHT_SECTIONS.some((section) => section.route === route);
}
