// The offline page (offline.html): the service worker shows it in place of a page when the hub
// cannot be reached. "Try again" loads the page that was asked for; so does the device coming
// back online. No DOM hooks beyond [data-test="offline-retry"].

const address = document.getElementById("hub-address");
if (address && location.host) address.textContent = ` (${location.host})`;

function tryAgain() {
  document.getElementById("checking").textContent = "Trying to reach the hub…";
  location.reload();
}

document.getElementById("retry").addEventListener("click", tryAgain);
window.addEventListener("online", tryAgain);
