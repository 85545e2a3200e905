import BLECore

/// What identifies an attribute object within its parent: its handle and type.
struct AttributeKey: Hashable {
    let handle: UInt16
    let uuid: BluetoothUUID

    /// Merges discovered attributes into the objects already known: an attribute that already has
    /// an object keeps it (so callers' references stay valid), the others get new ones. `known`
    /// stays in handle order; returns the objects for `found`, in its order.
    static func merge<Found, Object>(
        _ found: [Found],
        into known: inout [Object],
        key: (Found) -> AttributeKey,
        of keyOf: (Object) -> AttributeKey,
        make: (Found) -> Object
    ) -> [Object] {
        let objects = found.map { attribute in
            let wanted = key(attribute)
            if let existing = known.first(where: { keyOf($0) == wanted }) { return existing }
            let object = make(attribute)
            known.append(object)
            return object
        }
        known.sort { keyOf($0).handle < keyOf($1).handle }
        return objects
    }
}
