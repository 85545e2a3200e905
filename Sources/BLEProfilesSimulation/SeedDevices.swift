import BLEProfiles
import BLESimulation

/// The devices of the seed documents besides the Smart Nightlight, as the tools know them: each
/// profile (the client side) lives beside its faithful virtual device.
///
/// | kind | device | seed | in the demo world |
/// |---|---|---|---|
/// | `bulb` | a Colorific-style color bulb (``VirtualColorBulb``, ``ColorBulb``) | 000 (second half) | 3 m |
/// | `bean` | a LightBlue Bean driving a 30-pixel NeoPixel strip (``VirtualBean``, ``Bean``) | 001 | 3 m |
/// | `miband` | a Mi Band 2 (``VirtualMiBand2``, ``MiBand2``) | 002 | 2.5 m |
/// | `sensortag` | a TI SensorTag, CC2541 (``VirtualSensorTag``, ``SensorTag``) | 004 | 3 m |
public enum SeedDevices {
    /// Every kind with its distance in the demo world, in the table's order.
    public static let placements: [(kind: VirtualDeviceKind, distance: Double)] = [
        (VirtualColorBulb.kind, 3), (VirtualBean.kind, 3), (VirtualMiBand2.kind, 2.5), (VirtualSensorTag.kind, 3),
    ]
}

extension VirtualDeviceCatalog {
    /// A copy that knows the seed devices, with one of each in the demo world.
    public func addingSeedDevices() -> VirtualDeviceCatalog {
        SeedDevices.placements.reduce(self) { catalog, placement in
            catalog.adding(placement.kind, demoDistances: [placement.distance])
        }
    }
}
