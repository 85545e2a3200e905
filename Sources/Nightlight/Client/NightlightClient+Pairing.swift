import BLE
import BLECore

/// How the link to a SN was secured (SN profile §9).
public enum SNSecuring: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// New keys: the SN and this central paired (LE Secure Connections, Just Works) and bonded.
    case paired
    /// The SN already knew this central: the link was encrypted with the stored keys.
    case encrypted

    /// `paired and bonded (LE Secure Connections)` or `encrypted with the existing bond`.
    public var description: String {
        switch self {
        case .paired: "paired and bonded (LE Secure Connections)"
        case .encrypted: "encrypted with the existing bond"
        }
    }
}

extension NightlightClient {
    // MARK: Security (§9)

    /// Secures the link as §9.4 says pairing starts: encrypts with our bond when we have one,
    /// else (or when the SN lost its copy) pairs and bonds. Connects first if needed.
    ///
    /// Throws ``NightlightError/Code/pairingWindowClosed`` when the SN refuses a new pairing
    /// (hold its button 3 s, then try again), ``NightlightError/Code/pairingFailed`` for another
    /// failure.
    @discardableResult
    public func secure() async throws(NightlightError) -> SNSecuring {
        if !peripheral.isConnected || !isDiscovered { try await connect() }
        let security = peripheral.security
        if security.isEncrypted, security.isBonded { return .encrypted }
        if security.isBonded {
            do {
                try await peripheral.encrypt()
                return .encrypted
            } catch where error.code == .keyMissing || error.code == .notBonded {
                // The SN was reset or replaced our bond: pair again (the link may have ended).
                if !peripheral.isConnected { try await connect() }
            } catch {
                throw .bluetooth(error, "encrypting the link to \(peripheral)")
            }
        }
        do {
            // bluetoothd (bluez) may have encrypted with its bond as it connected.
            if case .encryptedWithBond = try await peripheral.pair() { return .encrypted }
        } catch {
            throw .bluetooth(error, "pairing with \(peripheral)")
        }
        return .paired
    }

    /// Unpairs (§9.4): when the SN is in range, asks it to delete our bond (Bond Management
    /// Control Point op 0x03; it then disconnects), then deletes our own copy. Returns whether
    /// the SN deleted its copy (false when it was out of reach or no longer had one: it then
    /// keeps a bond until it replaces it or is reset).
    @discardableResult
    public func unpair() async throws(NightlightError) -> Bool {
        var deletedOnDevice = false
        do throws(NightlightError) {
            if !peripheral.isConnected || !isDiscovered { try await connect() }
            let controlPoint = try characteristic(SNUUID.bondManagementControlPoint, "Bond Management Control Point")
            do {
                try await controlPoint.write([BondManagementOpcode.deleteRequestingDeviceBond.rawValue], type: .withResponse)
                deletedOnDevice = true
            } catch where error.code == .disconnected {
                // The SN disconnects after answering; the answer may not have been read first.
                deletedOnDevice = true
            } catch {
                throw NightlightError.bluetooth(error, "asking \(peripheral) to delete its bond")
            }
            try? await peripheral.disconnect()
        } catch where error.code == .bondLost || error.code == .pairingRequired || error.code == .pairingWindowClosed {
            // The SN no longer knows us: nothing to delete there.
        } catch where error.code == .bluetooth || error.code == .notANightlight {
            // Out of range (or not answering): only our copy goes.
        }
        do {
            try await peripheral.removeBond()
        } catch {
            throw .bluetooth(error, "deleting the bond with \(peripheral)")
        }
        return deletedOnDevice
    }
}
