# Helpers for guest tests (scripts/vm/tests/*), sourced inside the VM. Every wait polls with a
# bound; a failed step prints "FAIL: …" and exits the test with status 1.
# The environment from scripts/vm/guest-init: NL_ROOT (the project), NL_BIN (its built tools),
# NL_PYTHON (a Python with Bumble), NL_RESULTS (the results share).

fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $* ($(date -u +%T.%3N))"; }

# wait_until SECONDS DESCRIPTION COMMAND...: runs COMMAND every 0.1 s until it succeeds.
wait_until() {
    local bound=$1 what=$2 deadline
    shift 2
    deadline=$(($(date +%s) + bound))
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "waited ${bound}s for $what"
        sleep 0.1
    done
}

# start_bumble_controllers: Bumble's two linked LE controllers on /dev/vhci → hci0 and hci1.
start_bumble_controllers() {
    [ -x "$NL_PYTHON" ] || fail "no Python with Bumble at $NL_PYTHON (scripts/test creates .venv; or set NIGHTLIGHT_PYTHON)"
    "$NL_PYTHON" -m bumble.apps.controllers vhci vhci >"$NL_RESULTS/controllers.log" 2>&1 &
    CONTROLLERS_PID=$!
    wait_until 150 "hci0 and hci1 from Bumble's controllers" test -e /sys/class/bluetooth/hci1 -a -e /sys/class/bluetooth/hci0
}

# start_btvirt [COUNT [OPTION...]]: BlueZ's emulator, COUNT (default 2) dual-mode controllers on
# one virtual air → hci0…; returns once mgmt knows each of them with its address (setup finished).
# OPTIONs go to btvirt: `-L` makes them LE-only (Bluetooth 4.0: legacy advertising and scanning).
# btvirt 5.66 sometimes reads the kernel's first HCI_Reset as the answer to its create request (a
# race fixed in later BlueZ; more likely under emulation), and that controller never finishes its
# setup ("Opcode 0x0c03 failed: -110"): then btvirt is started again, up to 3 times.
start_btvirt() {
    local count=${1:-2} attempt
    shift
    for attempt in 1 2 3; do
        btvirt "$@" "-l$count" >>"$NL_RESULTS/btvirt.log" 2>&1 &
        CONTROLLERS_PID=$!
        if wait_quietly 30 controllers_ready "$count"; then
            return 0
        fi
        echo "btvirt attempt $attempt: not every controller finished its setup; starting it again"
        kill "$CONTROLLERS_PID" 2>/dev/null
        wait "$CONTROLLERS_PID" 2>/dev/null
        wait_until 30 "btvirt's controllers to go away" sh -c "! ls /sys/class/bluetooth/ | grep -q hci"
    done
    fail "btvirt's $count controllers did not finish their setup in 3 attempts"
}

# controllers_ready COUNT: mgmt knows hci0…hci(COUNT-1), each with a nonzero address.
controllers_ready() {
    local index
    for ((index = 0; index < $1; index++)); do
        timeout 10 btmgmt --index "$index" info 2>/dev/null | grep -qE "addr ([0-9A-F]{2}:){5}[0-9A-F]{2}" || return 1
        timeout 10 btmgmt --index "$index" info 2>/dev/null | grep -q "addr 00:00:00:00:00:00" && return 1
    done
    return 0
}

# wait_quietly SECONDS COMMAND...: like wait_until, but returns 1 instead of failing the test.
wait_quietly() {
    local bound=$1 deadline
    shift
    deadline=$(($(date +%s) + bound))
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}

# press_until_value SUBSCRIBER FILE: presses the simulated SN's button (`press` on fd 3) until the
# `ble subscribe --count 1` running as SUBSCRIBER has written its value to FILE, then waits for it
# to end, prints what it wrote (FILE, then the same name's .err) and returns its exit status.
# No line says when a subscription is in place, so it presses until a value arrives: at most 30
# presses, 3 s apart. Each press turns the child button light on or off, and so changes Active
# State, only while presses are left today: write Daily Usage 0 (unlimited) first, as the factory
# 3 uses (6 presses) run out before a slow subscription is in place.
press_until_value() {
    local subscriber=$1 file=$2 press
    for press in $(seq 1 30); do
        echo press >&3
        wait_quietly 3 test -s "$file" && break
        kill -0 "$subscriber" 2>/dev/null || break
    done
    echo "presses: $press"
    wait_quietly 30 sh -c "! kill -0 $subscriber" ||
        fail "ble subscribe did not end within 30 s of the last press; it printed: $(cat "$file" "${file%.txt}.err" 2>&1 | tail -n 5)"
    local status=0
    wait "$subscriber" || status=$?
    cat "$file" "${file%.txt}.err"
    return "$status"
}

# index_settings N: the "current settings" line of `btmgmt --index N info`.
index_settings() { btmgmt --index "$1" info 2>/dev/null | sed -n 's/^[[:space:]]*current settings: //p'; }

# power_off_index N: powers hciN off through mgmt (so the HCI user channel can take it) and waits
# until mgmt reports it off.
power_off_index() {
    wait_until 30 "hci$1 to finish its setup (known to mgmt)" sh -c "timeout 10 btmgmt --index $1 info | grep -q 'current settings'"
    timeout 10 btmgmt --index "$1" power off >/dev/null 2>&1 || true
    wait_until 30 "hci$1 powered off" sh -c "timeout 10 btmgmt --index $1 info | grep 'current settings' | grep -vqw powered"
}

# start_dbus_and_bluetoothd [OPTION...]: a system bus and BlueZ's daemon (with OPTIONs, e.g.
# `-f FILE` for its main.conf), waited for on the bus.
start_dbus_and_bluetoothd() {
    mkdir -p /run/dbus
    dbus-daemon --system --fork || fail "dbus-daemon --system failed"
    /usr/libexec/bluetooth/bluetoothd -n "$@" >"$NL_RESULTS/bluetoothd.log" 2>&1 &
    BLUETOOTHD_PID=$!
    wait_until 30 "bluetoothd on the system bus" dbus-send --system --print-reply --dest=org.bluez / org.freedesktop.DBus.Peer.Ping
}

# wait_for_line SECONDS FILE PATTERN: until a line of FILE matches PATTERN (grep -E); prints it.
wait_for_line() {
    local bound=$1 file=$2 pattern=$3
    wait_until "$bound" "a line matching '$pattern' in $(basename "$file")" grep -qE "$pattern" "$file"
    grep -m1 -E "$pattern" "$file"
}

# expect_error DESCRIPTION TEXT COMMAND...: COMMAND (bounded to 60 s) must fail and print TEXT
# (grep -F) on its output. A miss is counted in FAILURES and the test goes on with the next case.
FAILURES=0
expect_error() {
    local what=$1 text=$2 output status
    shift 2
    output=$(timeout 60 "$@" 2>&1)
    status=$?
    echo "$what: status $status: $output"
    if [ "$status" -eq 0 ] || [ "$status" -eq 124 ] || ! grep -qF -- "$text" <<<"$output"; then
        echo "FAIL: $what: expected a failure that says '$text' (status $status)"
        FAILURES=$((FAILURES + 1))
    fi
}

# start_simulator DEVICE N: `ble simulate DEVICE --json` on hciN through the user channel, its
# standard input a FIFO open on file descriptor 3 (`echo press >&3` acts on the device), its output
# in $NL_RESULTS/simulate.log and simulate.err; returns once it has started, with SIMULATOR (its
# pid), SIM_ADDRESS and SIM_NAME set.
start_simulator() {
    rm -f /tmp/simulator-input
    mkfifo /tmp/simulator-input
    exec 3<>/tmp/simulator-input
    "$BLE" simulate "$1" --transport "hci-socket:$2" --json <&3 >"$NL_RESULTS/simulate.log" 2>"$NL_RESULTS/simulate.err" &
    SIMULATOR=$!
    local started
    started=$(wait_for_line 90 "$NL_RESULTS/simulate.log" '"started"')
    echo "$started"
    SIM_ADDRESS=$(sed -n 's/.*"address" *: *"\([^"]*\)".*/\1/p' <<<"$started")
    SIM_NAME=$(sed -n 's/.*"device" *: *"\([^"]*\)".*/\1/p' <<<"$started")
    [ -n "$SIM_ADDRESS" ] && [ -n "$SIM_NAME" ] || fail "no address or device name in the simulator's started line"
}

# stop_simulator: interrupts the simulator and prints its exit status (130 after SIGINT).
stop_simulator() {
    kill -INT "$SIMULATOR"
    wait "$SIMULATOR"
    echo "simulator exit status $?"
}

# run_logged NAME COMMAND...: runs COMMAND (bounded to 120 s) with its output in
# $NL_RESULTS/NAME.txt and in the log; a failure ends the test.
run_logged() {
    local name=$1 status
    shift
    timeout 120 "$@" >"$NL_RESULTS/$name.txt" 2>&1
    status=$?
    cat "$NL_RESULTS/$name.txt"
    [ "$status" -eq 0 ] || fail "$name exited with $status ($(tail -n 3 "$NL_RESULTS/$name.txt"))"
}

# ble_user_channel START_CONTROLLERS DEVICE MANUFACTURER: `ble simulate DEVICE` owns hci1 and
# `ble scan`, `ble inspect` and `ble read 2A29` on hci0 find it, list its GATT database and read
# its Manufacturer Name (MANUFACTURER), all through the kernel's HCI user channel. Both indexes
# are powered off through mgmt first: the user channel needs them down and unclaimed.
ble_user_channel() {
    export XDG_STATE_HOME=/tmp/state
    BLE="$NL_BIN/ble"
    [ -x "$BLE" ] || fail "no ble executable at $BLE (build with swift build)"

    step "controllers"
    $1
    power_off_index 0
    power_off_index 1

    step "ble simulate $2 on hci1"
    start_simulator "$2" 1
    address=$SIM_ADDRESS name=$SIM_NAME

    step "ble scan on hci0"
    "$BLE" scan --transport hci-socket:0 --duration 5 >"$NL_RESULTS/scan.txt" 2>&1 || fail "ble scan exited with $? ($(tail -n 3 "$NL_RESULTS/scan.txt"))"
    cat "$NL_RESULTS/scan.txt"
    grep -qF "$name" "$NL_RESULTS/scan.txt" || fail "ble scan did not list $name"

    step "ble inspect $address on hci0"
    "$BLE" inspect "$address" --transport hci-socket:0 >"$NL_RESULTS/inspect.txt" 2>&1 || fail "ble inspect exited with $? ($(tail -n 3 "$NL_RESULTS/inspect.txt"))"
    cat "$NL_RESULTS/inspect.txt"
    grep -q "Device Information" "$NL_RESULTS/inspect.txt" || fail "ble inspect did not list the Device Information service"

    step "ble read $address 2A29 on hci0"
    "$BLE" read "$address" 2A29 --transport hci-socket:0 >"$NL_RESULTS/read.txt" 2>&1 || fail "ble read exited with $? ($(tail -n 3 "$NL_RESULTS/read.txt"))"
    cat "$NL_RESULTS/read.txt"
    grep -qF "string: \"$3\"" "$NL_RESULTS/read.txt" || fail "ble read 2A29 did not return the Manufacturer Name '$3'"

    step "stop the simulator"
    stop_simulator
    step "passed"
}
