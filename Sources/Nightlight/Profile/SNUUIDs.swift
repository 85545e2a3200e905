import BLECore

/// The UUIDs of the Smart Nightlight GATT profile (shared/SN-PROFILE.md §2–§7, §9.3).
///
/// Custom UUIDs share the base `7A5A____-D04B-48EB-B3FA-32EB4F0FFAC4`, except the four child
/// button characteristics the seed gave their own UUIDs.
public enum SNUUID {
    /// `7A5A` + `short` + the SN base.
    static func sn(_ short: String) -> BluetoothUUID {
        BluetoothUUID("7A5A\(short)-D04B-48EB-B3FA-32EB4F0FFAC4")!
    }

    // MARK: Standard services (§3)

    /// Generic Access.
    public static let genericAccess = BluetoothUUID(0x1800)
    /// Device Information.
    public static let deviceInformation = BluetoothUUID(0x180A)
    /// Battery.
    public static let battery = BluetoothUUID(0x180F)
    /// Current Time.
    public static let currentTimeService = BluetoothUUID(0x1805)
    /// Device Name.
    public static let deviceName = BluetoothUUID(0x2A00)
    /// Appearance.
    public static let appearance = BluetoothUUID(0x2A01)
    /// Manufacturer Name String.
    public static let manufacturerName = BluetoothUUID(0x2A29)
    /// Model Number String.
    public static let modelNumber = BluetoothUUID(0x2A24)
    /// Serial Number String.
    public static let serialNumber = BluetoothUUID(0x2A25)
    /// Hardware Revision String.
    public static let hardwareRevision = BluetoothUUID(0x2A27)
    /// Firmware Revision String.
    public static let firmwareRevision = BluetoothUUID(0x2A26)
    /// Software Revision String.
    public static let softwareRevision = BluetoothUUID(0x2A28)
    /// System ID.
    public static let systemID = BluetoothUUID(0x2A23)
    /// Battery Level.
    public static let batteryLevel = BluetoothUUID(0x2A19)
    /// Battery Level Status.
    public static let batteryLevelStatus = BluetoothUUID(0x2BED)
    /// Current Time.
    public static let currentTime = BluetoothUUID(0x2A2B)
    /// Local Time Information.
    public static let localTimeInformation = BluetoothUUID(0x2A0F)

    // MARK: LED Service (§4)

    /// LED Service.
    public static let ledService = sn("0000")
    /// LED Power Enable.
    public static let ledPowerEnable = sn("0001")
    /// LED Link.
    public static let ledLink = sn("0002")
    /// LED Proof Mode.
    public static let ledProofMode = sn("0003")
    /// LED #1…#4 Color (index 1…4).
    public static func ledColor(_ index: Int) -> BluetoothUUID { sn("001\(min(max(index, 1), 4))") }
    /// Active State.
    public static let activeState = sn("0020")

    // MARK: Child Button Service (§5)

    /// Child Button Service.
    public static let childButtonService = sn("0100")
    /// Button Mode.
    public static let buttonMode = sn("0101")
    /// Button Color.
    public static let buttonColor = sn("0102")
    /// Button Status.
    public static let buttonStatus = sn("0103")
    /// ON Time.
    public static let onTime = BluetoothUUID("3CF04BD7-6812-4934-A000-DA99E0E27494")
    /// Daily Usage.
    public static let dailyUsage = BluetoothUUID("5405D754-7055-4B8C-8153-05D87A3F8C26")
    /// Deactivation Time.
    public static let deactivationTime = BluetoothUUID("683ED29F-AAB0-473F-A944-C22444B3ADDE")
    /// Shake Mode Control.
    public static let shakeModeControl = BluetoothUUID("CA22EE9A-90C3-4631-8761-947DF10F72D0")

    // MARK: Schedule Service (§6)

    /// Schedule Service.
    public static let scheduleService = sn("0200")
    /// Child Name.
    public static let childName = sn("0201")
    /// Week Schedule.
    public static let weekSchedule = sn("0202")
    /// Temporary Day Schedule.
    public static let temporaryDaySchedule = sn("0203")

    // MARK: Firmware Update Service (§7)

    /// Firmware Update Service.
    public static let firmwareUpdateService = sn("0300")
    /// Control Point.
    public static let firmwareControlPoint = sn("0301")
    /// Data.
    public static let firmwareData = sn("0302")

    // MARK: Bond Management Service (§9.3)

    /// Bond Management Service.
    public static let bondManagement = BluetoothUUID(0x181E)
    /// Bond Management Control Point.
    public static let bondManagementControlPoint = BluetoothUUID(0x2AA4)
    /// Bond Management Feature.
    public static let bondManagementFeature = BluetoothUUID(0x2AA5)
}
