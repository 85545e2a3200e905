// How the page names paired nightlights. Pure: no DOM.

/** "Mia's nightlight", or "this nightlight" before it has a child's name. */
export function lightName(device) {
  const child = device?.childName;
  return child ? `${child}'s nightlight` : "this nightlight";
}

/** The switcher's label: "Mia · SN-0002", or the device name alone. */
export function deviceLabel(device) {
  return device.childName ? `${device.childName} · ${device.deviceName}` : device.deviceName;
}

/** The switcher's short label on a phone: the child's name when no other nightlight has it, else the full label. */
export function switcherLabel(device, devices) {
  const child = device.childName;
  if (!child) return device.deviceName;
  const shared = devices.filter((d) => d.childName?.toLowerCase() === child.toLowerCase()).length > 1;
  return shared ? deviceLabel(device) : child;
}

/** The paired device with this address (any case), or null. */
export function findDevice(devices, address) {
  const wanted = String(address ?? "").toUpperCase();
  return devices.find((device) => device.address.toUpperCase() === wanted) ?? null;
}

/** Where a saved schedule came from: "Mia's nightlight", a device name, or the address when not paired; null without one. */
export function sourceName(devices, address) {
  if (!address) return null;
  const device = findDevice(devices ?? [], address);
  return device ? (device.childName ? `${device.childName}'s nightlight` : device.deviceName) : address;
}
