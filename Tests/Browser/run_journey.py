"""Runs one browser journey against a fresh `nightlight dashboard` in headless Chromium.

    .venv/bin/python Tests/Browser/run_journey.py --nightlight .build/debug/nightlight --journey login [--size phone]

For each size: a fresh temp folder (database, the virtual nightlights' flash files, the browser
profile), the journey's `prepare(env)` if it has one, `nightlight dashboard` on a free port with
the page served from the source tree (plus the journey's `SERVER_OPTIONS`, e.g. ["--sim-control"];
`b.server.stop()` and `b.server.start()` stop it and start it again on the same port), Chromium signed in with `/?token=…`, then `run(b)`
(harness.py). Prints PASS with the time taken, or FAIL with the reason, the traceback, the
browser console errors and the tail of the server's standard error (and saves a screenshot);
browser console errors fail a journey that otherwise passed. Exits 0 only when every size passed.
Everything started is stopped and every temp folder removed, whatever happens.
"""

import argparse
import ctypes
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from harness import Browser  # noqa: E402

JOURNEYS = os.path.join(HERE, "journeys")
RESOURCES = os.path.join(ROOT, "Sources", "NightlightDashboard", "Resources")
SIZES = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1440, "height": 900},
}
PHONE_USER_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
READY_TIMEOUT = 30
COMMAND_TIMEOUT = 60
# Requests the browser makes by itself, not the page.
IGNORED_CONSOLE = ["/favicon.ico"]


class Environment:
    """What `prepare(env)` and `b.env` get: `tmp`, the run's temp folder (for files a journey
    writes, e.g. a firmware image), `sim_dir` (NIGHTLIGHT_SIM_DIR: the virtual nightlights'
    flash files), `db` (the database), and `nightlight(...)`."""

    def __init__(self, nightlight, tmp):
        self.executable = nightlight
        self.tmp = tmp
        self.sim_dir = os.path.join(tmp, "sim")
        self.db = os.path.join(tmp, "nightlight.sqlite")
        os.makedirs(self.sim_dir)
        # XDG_STATE_HOME: the tools' state (the bond file an earlier version kept) stays with the run.
        self.variables = dict(os.environ, NIGHTLIGHT_SIM_DIR=self.sim_dir, XDG_STATE_HOME=os.path.join(tmp, "state"), NO_COLOR="1")
        self.variables.pop("NIGHTLIGHT_TRANSPORT", None)

    def nightlight(self, *arguments):
        """Runs `nightlight ARGUMENTS --db DB` with the run's sim dir; returns its standard
        output, or fails with its standard error when it exits non-zero."""
        command = [self.executable, *map(str, arguments), "--db", self.db]
        try:
            done = subprocess.run(command, env=self.variables, capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"`nightlight {' '.join(command[1:])}` did not end within {COMMAND_TIMEOUT} s")
        if done.returncode != 0:
            raise AssertionError(f"`nightlight {' '.join(command[1:])}` exited {done.returncode}: {done.stderr.strip()}")
        return done.stdout


class Server:
    """`nightlight dashboard` on a free port of 127.0.0.1, started and awaited until ready."""

    def __init__(self, env, token, options=()):
        self.env, self.token, self.options = env, token, list(options)
        self.stderr_path = os.path.join(env.tmp, "dashboard.stderr")
        self.start()

    def start(self, port=None):
        """Starts the dashboard (on `port`, or the port it had when it was stopped; a free one
        the first time) and waits until it is ready."""
        port = port or getattr(self, "port", None)
        env, token = self.env, self.token
        for attempt in range(3):
            self.port = port or free_port()
            self.stderr = open(self.stderr_path, "a")
            self.process = subprocess.Popen(
                [env.executable, "dashboard", "--port", str(self.port), "--db", env.db, "--token", token, "--json", *self.options],
                # A crash prints its backtrace on stderr (shown when the journey fails).
                env=dict(env.variables, NIGHTLIGHT_DASHBOARD_RESOURCES=RESOURCES,
                         SWIFT_BACKTRACE="enable=yes,interactive=no,color=no,output-to=stderr,threads=crashed,symbolicate=fast"),
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.stderr, text=True,
                preexec_fn=die_with_parent,
            )
            self.lines = []
            ready = threading.Event()
            threading.Thread(target=self._read, args=(ready,), daemon=True).start()
            ready.wait(READY_TIMEOUT)
            if self.ready:
                self.base_url = f"http://127.0.0.1:{self.port}"
                return
            self.stop()
            if "already in use" not in self.stderr_tail() or attempt == 2:
                raise AssertionError(
                    f"the dashboard printed no ready line within {READY_TIMEOUT} s (exit {self.process.returncode});"
                    f" stdout: {''.join(self.lines)!r}; stderr: {self.stderr_tail()}")

    def _read(self, ready):
        for line in self.process.stdout:
            self.lines.append(line)
            if self.ready:
                ready.set()
        ready.set()

    @property
    def ready(self):
        for line in self.lines:
            try:
                if json.loads(line).get("event") == "ready":
                    return True
            except (ValueError, AttributeError):
                pass
        return False

    def stderr_tail(self, lines=60):
        if not self.stderr.closed:
            self.stderr.flush()
        with open(self.stderr_path, errors="replace") as file:
            return "".join(file.readlines()[-lines:]).strip() or "(nothing)"

    def stop(self):
        """SIGINT (Ctrl-C), then SIGKILL after 10 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.stderr.close()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def die_with_parent():
    """In the child: get SIGKILL when this runner dies (Linux), so nothing outlives a killed run."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start_chromium(size, tmp):
    """Headless Chromium at `size` (phone: mobile emulation), its console captured; (driver, service)."""
    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        raise AssertionError("chromium and chromedriver must be on PATH (Debian: apt-get install chromium chromium-driver; scripts/test installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--force-prefers-reduced-motion",
                     "--lang=en-US", "--no-first-run", "--disable-extensions", f"--user-data-dir={os.path.join(tmp, 'chromium')}"]:
        options.add_argument(argument)
    metrics = SIZES[size]
    options.add_argument(f"--window-size={metrics['width']},{metrics['height']}")
    if size == "phone":
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**metrics, "pixelRatio": 1, "touch": True, "mobile": True},
            "userAgent": PHONE_USER_AGENT,
        })
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=chromedriver, log_output=os.path.join(tmp, "chromedriver.log"),
                      popen_kw={"start_new_session": True, "preexec_fn": die_with_parent})
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    if size == "laptop":
        # Headless, the viewport is smaller than --window-size (1440x757): make it exactly the size.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "deviceScaleFactor": 1, "mobile": False})
    return driver, service


def stop_chromium(driver, service):
    """Quits the browser (bounded), then kills whatever is left of chromedriver's process group."""
    quitting = threading.Thread(target=driver.quit, daemon=True)
    quitting.start()
    quitting.join(20)
    process = getattr(service, "process", None)
    if process is not None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class ConsoleErrors(AssertionError):
    """A journey that passed while the browser console logged errors."""

    def __init__(self, errors):
        super().__init__(
            "the browser console has errors (a page with errors is broken; a journey that provokes failed"
            " requests on purpose declares them with b.allow_console(...)):" + "".join(f"\n    {e}" for e in errors))


class Console:
    """The browser console's entries, collected as they come (reading empties chromedriver's buffer)."""

    def __init__(self, driver, base_url):
        self.driver, self.base_url, self.entries = driver, base_url, []

    def collect(self):
        try:
            self.entries += self.driver.get_log("browser")
        except Exception:  # the browser is gone; keep what we have
            pass
        return self.entries

    def errors(self, allowed=()):
        messages = [entry["message"].replace(self.base_url, "") for entry in self.collect() if entry.get("level") == "SEVERE"]
        kept = [m for m in messages if not any(p in m for p in [*IGNORED_CONSOLE, *allowed])]
        return list(dict.fromkeys(kept))  # once each, in order


def load_journey(name):
    path = name if name.endswith(".py") and os.path.isfile(name) else os.path.join(JOURNEYS, name.removesuffix(".py") + ".py")
    if not os.path.isfile(path):
        available = sorted(f[:-3] for f in os.listdir(JOURNEYS) if f.endswith(".py"))
        raise SystemExit(f"error: no journey {name!r} in {JOURNEYS} (there are: {', '.join(available)})")
    spec = importlib.util.spec_from_file_location(f"journey_{os.path.basename(path)[:-3]}", path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, JOURNEYS)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "run", None)):
        raise SystemExit(f"error: {path} has no `def run(b):`")
    return module


def run_size(journey, name, size, nightlight, screenshots):
    """Runs the journey at one size; returns True when it passed."""
    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix=f"nightlight-browser-{name}-{size}-")
    server = driver = service = browser = console = None
    label = f"{name} [{size}]"
    failed_shot = os.path.join(screenshots, f"{name}-FAILED-{size}.png")
    if os.path.exists(failed_shot):
        os.remove(failed_shot)  # from an earlier run
    try:
        env = Environment(nightlight, tmp)
        if callable(getattr(journey, "prepare", None)):
            journey.prepare(env)
        token = secrets.token_hex(16)
        server = Server(env, token, getattr(journey, "SERVER_OPTIONS", ()))
        driver, service = start_chromium(size, tmp)
        console = Console(driver, server.base_url)
        browser = Browser(driver, size, server.base_url, token, screenshots, env)
        browser.server = server
        # A journey's START (e.g. "#/explorer") is the first page instead of the dashboard's own.
        browser.open(f"/?token={token}{getattr(journey, 'START', '')}")
        journey.run(browser)
        errors = console.errors(browser.allowed_console)
        if errors:
            raise ConsoleErrors(errors)
        print(f"PASS {label} in {time.monotonic() - started:.1f} s", flush=True)
        return True
    except (Exception, KeyboardInterrupt) as error:  # noqa: BLE001 (every failure is reported the same way)
        # KeyboardInterrupt: Ctrl-C or SIGTERM (a test's timeout); the traceback shows where it was.
        print(f"FAIL {label} after {time.monotonic() - started:.1f} s: {describe(error)}", flush=True)
        if not isinstance(error, ConsoleErrors):
            print(clean(traceback.format_exc(chain=False)).rstrip(), flush=True)
        if driver is not None:
            try:
                print(f"  page: {driver.current_url}", flush=True)
                os.makedirs(screenshots, exist_ok=True)
                driver.save_screenshot(failed_shot)
                print(f"  screenshot: {failed_shot}", flush=True)
            except Exception as shot_error:  # noqa: BLE001
                print(f"  (no screenshot: {clean(shot_error)})", flush=True)
        if console is not None and not isinstance(error, ConsoleErrors):
            errors = console.errors()
            print("  browser console errors:" + ("".join(f"\n    {e}" for e in errors) if errors else " none"), flush=True)
        if server is not None:
            code = server.process.poll()
            if code is not None:
                how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
                print(f"  the dashboard is not running: it {how} before the journey ended", flush=True)
            printed = [line.rstrip() for line in server.lines if '"event":"ready"' not in line.replace(" ", "")]
            if printed:
                print("  dashboard stdout (tail):\n    " + "\n    ".join(printed[-20:]), flush=True)
            print("  dashboard stderr (tail):\n    " + server.stderr_tail().replace("\n", "\n    "), flush=True)
        if isinstance(error, KeyboardInterrupt):
            raise
        return False
    finally:
        if driver is not None:
            stop_chromium(driver, service)
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def clean(text):
    """Drops chromedriver's native stack traces from WebDriver error messages."""
    lines, skipping = [], False
    for line in str(text).splitlines():
        if line.strip().startswith("Stacktrace:"):
            skipping = True
            continue
        if skipping and (line.startswith("#") or line.strip().startswith("0x") or not line.strip()):
            continue
        skipping = False
        lines.append(line)
    return "\n".join(lines)


def interrupted(signum, frame):
    """SIGTERM unwinds like Ctrl-C, once: a second one does not cut the clean-up short."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt(f"signal {signum}")


def describe(error):
    """What went wrong, in one line (a bare `assert` has no message: say so)."""
    message = clean(error).strip()
    if isinstance(error, AssertionError):
        return message or "an assert without a message failed (see the traceback)"
    if isinstance(error, KeyboardInterrupt):
        return f"stopped ({message or 'Ctrl-C'})"
    return f"{type(error).__name__}: {message}"


def main():
    parser = argparse.ArgumentParser(description="Run one browser journey of the dashboard in headless Chromium.")
    parser.add_argument("--nightlight", required=True, help="the built `nightlight` executable")
    parser.add_argument("--journey", required=True, help="a journey in Tests/Browser/journeys (file name without .py)")
    parser.add_argument("--size", choices=["phone", "laptop", "all"], help="default: the journey's SIZES")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "browser-screenshots"), help="where screenshots go")
    arguments = parser.parse_args()
    nightlight = os.path.abspath(arguments.nightlight)
    if not os.access(nightlight, os.X_OK):
        raise SystemExit(f"error: {nightlight} is not an executable (build it with `swift build`)")

    # SIGTERM (a test's timeout) unwinds like Ctrl-C, so everything started is stopped.
    signal.signal(signal.SIGTERM, interrupted)
    journey = load_journey(arguments.journey)
    sizes = list(SIZES) if arguments.size == "all" else [arguments.size] if arguments.size else list(getattr(journey, "SIZES", ["laptop"]))
    unknown = [s for s in sizes if s not in SIZES]
    if unknown:
        raise SystemExit(f"error: {arguments.journey}: unknown SIZES {unknown} (phone, laptop)")
    name = os.path.basename(arguments.journey).removesuffix(".py")
    try:
        results = [run_size(journey, name, size, nightlight, arguments.screenshots) for size in sizes]
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
