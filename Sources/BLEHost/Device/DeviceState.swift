import BLECore
import BLEGATT

/// The device layer's state: the roles (scanning, connecting, advertising), the open connections
/// and the GATT server wired to them.
///
/// The device layer uses the controller driver (commands, event waits, ACL links) and the L2CAP
/// layer (fixed channels, parameter update requests) only through their adapters' methods.
struct DeviceState {
    /// The random address in use as own address (configured, or made at start-up for a
    /// controller without a public address); nil: the public address.
    var ownRandomAddress: DeviceAddress?
    /// The open connections by Connection_Handle.
    var connections: [UInt16: HostConnection] = [:]
    /// The GATT server attached to every new connection's bearer, if any.
    var gattServer: GATTServer?

    /// The scan in progress, and the id the next scan gets.
    var activeScan: ActiveScan?
    var lastScanID: UInt64 = 0
    /// The connection attempt in progress.
    var pendingConnect: PendingConnect?
    /// The advertising the application asked for.
    var advertising: AdvertisingRecord?
    /// Counts the events on which the controller stops advertising by itself (a peripheral-role
    /// connection, an advertising timeout): an enable that completes after one of them did not
    /// leave advertising on.
    var advertisingStops: UInt64 = 0
}
