import BLECore
import BLEHost
import BLEToolKit

/// How `ble pair` and `ble bonds` show pairings and bonds, as text and as JSON.
enum PairingPresentation {
    /// `Just Works, LE Secure Connections, 16-octet key, not authenticated, bonded`.
    static func summary(_ outcome: SMPPairingOutcome) -> String {
        [
            outcome.method.description,
            pairingName(secureConnections: outcome.secureConnections),
            "\(outcome.keySize)-octet key",
            outcome.isAuthenticated ? "authenticated" : "not authenticated",
            outcome.bonded ? "bonded" : "not bonded",
        ].joined(separator: ", ")
    }

    /// What bluetoothd tells of a pairing it made: `bonded, key details not reported by bluetoothd`.
    static func summary(_ security: LinkSecurity) -> String {
        [
            security.isAuthenticated ? "authenticated (a passkey or number was checked)" : nil,
            security.isBonded ? "bonded" : "not bonded",
            "method, key size and keys not reported by bluetoothd",
        ].compactMap { $0 }.joined(separator: ", ")
    }

    /// `LE Secure Connections` or `legacy pairing`.
    static func pairingName(secureConnections: Bool) -> String {
        secureConnections ? "LE Secure Connections" : "legacy pairing"
    }

    /// The names of the keys a bond holds, e.g. `["LTK", "IRK"]`; a legacy bond holds one LTK each
    /// way.
    static func keyNames(_ bond: SecurityBond) -> [String] {
        keyBytes(bond).map(\.name)
    }

    /// `ble bonds list`: a header and one line per bond, widths following the widest cell.
    ///
    /// ```
    /// PEER               TYPE    PAIRING                KEY  AUTHENTICATED  KEYS
    /// 00:1B:DC:DE:00:01  public  LE Secure Connections  16   no             LTK
    /// ```
    /// With `showKeys`, each bond is followed by its key bytes, indented.
    static func bondLines(_ bonds: [SecurityBond], showKeys: Bool) -> [String] {
        let header = ["PEER", "TYPE", "PAIRING", "KEY", "AUTHENTICATED", "KEYS"]
        let rows = bonds.map { bond in
            [
                bond.peer.description,
                bond.peer.isRandom ? "random" : "public",
                pairingName(secureConnections: bond.isSecureConnections),
                String(bond.keySize),
                bond.isAuthenticated ? "yes" : "no",
                keyNames(bond).joined(separator: ", "),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { TextLayout.width($0[column]) }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            TextLayout.trimmingTrailingSpaces(zip(cells, widths).map { TextLayout.padded($0, to: $1) }.joined(separator: "  "))
        }
        var lines = [line(header)]
        for (bond, row) in zip(bonds, rows) {
            lines.append(line(row))
            if showKeys {
                lines += keyBytes(bond).map { "    \($0.name): \($0.value)" }
            }
        }
        return lines
    }

    /// Every key of a bond as `(name, hex…)`, for `--show-keys`.
    static func keyBytes(_ bond: SecurityBond) -> [(name: String, value: String)] {
        func ltk(_ key: SMPLongTermKey) -> String {
            bond.isSecureConnections ? key.key.hexString : "\(key.key.hexString) ediv=\(key.ediv) rand=\(key.rand)"
        }
        var keys: [(String, String)] = []
        if bond.isSecureConnections, let key = bond.centralKey ?? bond.peripheralKey {
            keys.append(("LTK", ltk(key)))
        } else {
            if let key = bond.centralKey { keys.append(("LTK (theirs)", ltk(key))) }
            if let key = bond.peripheralKey { keys.append(("LTK (ours)", ltk(key))) }
        }
        if let irk = bond.peerIdentityResolvingKey { keys.append(("IRK", irk.hexString)) }
        if let csrk = bond.peerSignatureKey { keys.append(("CSRK (theirs)", csrk.hexString)) }
        if let csrk = bond.localSignatureKey { keys.append(("CSRK (ours)", csrk.hexString)) }
        return keys
    }
}

/// `ble pair --json`.
struct PairingRecord: Codable {
    var peer: String
    var name: String?
    var method: String
    var secureConnections: Bool
    var keySize: Int
    var authenticated: Bool
    var bonded: Bool
    var bondFile: String

    init(outcome: SMPPairingOutcome, peer: DeviceAddress, name: String?, bondFile: String) {
        self.peer = peer.description
        self.name = name
        method = outcome.method.description
        secureConnections = outcome.secureConnections
        keySize = outcome.keySize
        authenticated = outcome.isAuthenticated
        bonded = outcome.bonded
        self.bondFile = bondFile
    }
}

/// `ble pair --json` over bluez: what bluetoothd tells of its pairing (it keeps the keys).
struct SystemPairingRecord: Codable {
    var peer: String
    var name: String?
    var pairedBy = "bluetoothd"
    var authenticated: Bool
    var bonded: Bool

    init(peer: String, name: String?, security: LinkSecurity) {
        self.peer = peer
        self.name = name
        authenticated = security.isAuthenticated
        bonded = security.isBonded
    }
}

/// One bond of `ble bonds list --json`; `keys` holds the key bytes only with `--show-keys`.
struct BondRecord: Codable {
    var peer: String
    var addressType: String
    var secureConnections: Bool
    var keySize: Int
    var authenticated: Bool
    var keyNames: [String]
    var keys: [String: String]?

    init(_ bond: SecurityBond, showKeys: Bool) {
        peer = bond.peer.description
        addressType = bond.peer.isRandom ? "random" : "public"
        secureConnections = bond.isSecureConnections
        keySize = bond.keySize
        authenticated = bond.isAuthenticated
        keyNames = PairingPresentation.keyNames(bond)
        keys = showKeys ? Dictionary(PairingPresentation.keyBytes(bond).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }) : nil
    }
}

/// `ble bonds remove --json` and `ble bonds clear --json`.
struct BondsRemovedRecord: Codable {
    var removed: [String]
    var bondFile: String
}
