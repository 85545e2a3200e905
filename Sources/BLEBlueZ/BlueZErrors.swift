import BLE
import BLEGATT
import DBus
import DBusClient

/// BlueZ's error names (`org.bluez.Error.*`, BlueZ `doc/org.bluez.Device.rst`,
/// `org.bluez.GattCharacteristic.rst`) and the bus's own, as ``BLEError``s that say what failed,
/// on what, and what to do.
enum BlueZErrors {
    /// A D-Bus failure while doing `what` (e.g. `reading 2A19 on C0:FF:EE:00:00:01`) as a `BLE` error.
    static func bleError(_ error: any Error, doing what: String) -> BLEError {
        if let error = error as? BLEError { return error }
        if error is CancellationError { return BLEError(.cancelled, "bluez: \(what): the task was cancelled") }
        if let error = error as? DBusError {
            switch error.code {
            case .timedOut: return BLEError(.timedOut, "bluez: \(what): bluetoothd did not answer in time")
            case .disconnected, .closed: return BLEError(.radioUnavailable, "bluez: \(what): the system bus connection ended")
            default: return BLEError(.failed, "bluez: \(what): \(error)")
            }
        }
        guard let remote = error as? DBusRemoteError else { return BLEError(.failed, "bluez: \(what): \(error)") }
        if let (code, explanation) = fixed[remote.name] { return BLEError(code, "bluez: \(what): \(explanation)") }
        let text = remote.message.isEmpty ? remote.name : remote.message
        let lowered = text.lowercased()
        switch remote.name {
        case "org.freedesktop.DBus.Error.AccessDenied":
            return BLEError(.radioUnavailable, "bluez: \(what): the bus's policy does not let this user talk to bluetoothd (\(text)); add the user to the bluetooth group")
        case "org.bluez.Error.InProgress":
            return BLEError(.busy, "bluez: \(what): another operation is in progress (\(text)); try again when it ends")
        case "org.bluez.Error.NotPermitted":
            if lowered.contains("paired") {
                return BLEError(.attError, "bluez: \(what): the device demands a paired (encrypted) link; pair it first (bluetoothctl pair ADDRESS)", attErrorCode: .insufficientAuthentication)
            }
            if lowered.contains("write") {
                return BLEError(.attError, "bluez: \(what): the device does not permit writing it (\(text))", attErrorCode: .writeNotPermitted)
            }
            if lowered.contains("read") {
                return BLEError(.attError, "bluez: \(what): the device does not permit reading it (\(text))", attErrorCode: .readNotPermitted)
            }
            return BLEError(.unsupported, "bluez: \(what): BlueZ does not permit it (\(text))")
        case "org.bluez.Error.NotAuthorized":
            return BLEError(.attError, "bluez: \(what): the device refused: insufficient authorization (\(text))", attErrorCode: .insufficientAuthorization)
        case "org.bluez.Error.InvalidOffset":
            return BLEError(.attError, "bluez: \(what): the device refused the offset (\(text))", attErrorCode: .invalidOffset)
        case "org.bluez.Error.InvalidValueLength":
            return BLEError(.attError, "bluez: \(what): the device refused the value's length (\(text))", attErrorCode: .invalidAttributeValueLength)
        case "org.bluez.Error.NotSupported":
            return BLEError(.unsupported, "bluez: \(what): not supported (\(text))")
        case "org.bluez.Error.InvalidArguments":
            return BLEError(.invalidArgument, "bluez: \(what): BlueZ refused the arguments (\(text))")
        case "org.bluez.Error.AuthenticationFailed", "org.bluez.Error.AuthenticationCanceled",
            "org.bluez.Error.AuthenticationRejected", "org.bluez.Error.AuthenticationTimeout":
            return BLEError(.pairingFailed, "bluez: \(what): pairing failed (\(text)); pair again (bluetoothctl pair ADDRESS)")
        case "org.bluez.Error.Failed":
            if let code = attErrorCode(in: text) {
                return BLEError(.attError, "bluez: \(what): the device answered ATT error \(code) (\(text))", attErrorCode: code)
            }
            if lowered.contains("not connected") {
                return BLEError(.disconnected, "bluez: \(what): the device is not connected (\(text))")
            }
            return BLEError(.failed, "bluez: \(what): \(text)")
        default:
            return BLEError(.failed, "bluez: \(what): \(remote)")
        }
    }

    /// The errors whose meaning needs nothing of their text: their code and what to say.
    static let fixed: [String: (BLEError.Code, String)] = {
        let noBluetoothd = (BLEError.Code.radioUnavailable, "bluetoothd is not running (org.bluez is not on the system bus); start it (systemctl start bluetooth)")
        let gone = (BLEError.Code.disconnected, "BlueZ no longer has the object (the device disconnected or was removed)")
        return [
            DBusRemoteError.serviceUnknownName: noBluetoothd,
            "org.freedesktop.DBus.Error.NameHasNoOwner": noBluetoothd,
            "org.freedesktop.DBus.Error.NoReply": (.timedOut, "bluetoothd did not answer in time"),
            DBusRemoteError.unknownObjectName: gone,
            "org.bluez.Error.DoesNotExist": gone,
            "org.bluez.Error.NotReady": (.radioUnavailable, "the adapter is not ready (powered off?); power it on (bluetoothctl power on)"),
            "org.bluez.Error.NotConnected": (.notConnected, "the device is not connected; connect first"),
        ]
    }()

    /// The ATT error code in BlueZ's `Operation failed with ATT error: 0x0e`, if the text has one.
    static func attErrorCode(in text: String) -> ATTErrorCode? {
        guard let range = text.range(of: "ATT error: 0x", options: .caseInsensitive) else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isHexDigit }
        guard digits.count == 2, let value = UInt8(digits, radix: 16) else { return nil }
        return ATTErrorCode(rawValue: value)
    }
}
