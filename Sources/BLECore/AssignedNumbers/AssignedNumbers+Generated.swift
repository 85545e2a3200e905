// generated — do not edit; run scripts/generate-assigned-numbers.py
//
// Source data: data/assigned-numbers/*.csv (provenance in data/assigned-numbers/sources.md).
// Each table is a sorted list of keys and a string with one name per line, in key order.

extension AssignedNumbers {
    /// GATT services (16-bit UUIDs): 76 entries, keyed by 16-bit UUID.
    static let services = AssignedNameTable(
        keys: [
            0x1800, 0x1801, 0x1802, 0x1803, 0x1804, 0x1805, 0x1806, 0x1807, 0x1808, 0x1809,
            0x180A, 0x180D, 0x180E, 0x180F, 0x1810, 0x1811, 0x1812, 0x1813, 0x1814, 0x1815,
            0x1816, 0x1818, 0x1819, 0x181A, 0x181B, 0x181C, 0x181D, 0x181E, 0x181F, 0x1820,
            0x1821, 0x1822, 0x1823, 0x1824, 0x1825, 0x1826, 0x1827, 0x1828, 0x1829, 0x183A,
            0x183B, 0x183C, 0x183D, 0x183E, 0x183F, 0x1840, 0x1843, 0x1844, 0x1845, 0x1846,
            0x1847, 0x1848, 0x1849, 0x184A, 0x184B, 0x184C, 0x184D, 0x184E, 0x184F, 0x1850,
            0x1851, 0x1852, 0x1853, 0x1854, 0x1855, 0x1856, 0x1857, 0x1858, 0x1859, 0x185A,
            0x185B, 0x185C, 0x185D, 0x185E, 0x185F, 0x1860,
        ],
        names: """
            Generic Access
            Generic Attribute
            Immediate Alert
            Link Loss
            Tx Power
            Current Time
            Reference Time Update
            Next DST Change
            Glucose
            Health Thermometer
            Device Information
            Heart Rate
            Phone Alert Status
            Battery Service
            Blood Pressure
            Alert Notification
            Human Interface Device
            Scan Parameters
            Running Speed and Cadence
            Automation IO
            Cycling Speed and Cadence
            Cycling Power
            Location and Navigation
            Environmental Sensing
            Body Composition
            User Data
            Weight Scale
            Bond Management
            Continuous Glucose Monitoring
            Internet Protocol Support
            Indoor Positioning
            Pulse Oximeter
            HTTP Proxy
            Transport Discovery
            Object Transfer
            Fitness Machine
            Mesh Provisioning
            Mesh Proxy
            Reconnection Configuration
            Insulin Delivery
            Binary Sensor
            Emergency Configuration
            Authorization Control
            Physical Activity Monitor
            Elapsed Time
            Generic Health Sensor
            Audio Input Control
            Volume Control
            Volume Offset Control
            Coordinated Set Identification
            Device Time
            Media Control
            Generic Media Control
            Constant Tone Extension
            Telephone Bearer
            Generic Telephone Bearer
            Microphone Control
            Audio Stream Control
            Broadcast Audio Scan
            Published Audio Capabilities
            Basic Audio Announcement
            Broadcast Audio Announcement
            Common Audio
            Hearing Access
            Telephony and Media Audio
            Public Broadcast Announcement
            Electronic Shelf Label
            Gaming Audio
            Mesh Proxy Solicitation
            Industrial Measurement Device
            Ranging
            HID ISO
            Cookware
            Voice Assistant
            Generic Voice Assistant
            Tire Pressure Monitoring System
            """
    )

    /// GATT characteristics (16-bit UUIDs): 511 entries, keyed by 16-bit UUID.
    static let characteristics = AssignedNameTable(
        keys: [
            0x2A00, 0x2A01, 0x2A02, 0x2A03, 0x2A04, 0x2A05, 0x2A06, 0x2A07, 0x2A08, 0x2A09,
            0x2A0A, 0x2A0C, 0x2A0D, 0x2A0E, 0x2A0F, 0x2A11, 0x2A12, 0x2A13, 0x2A14, 0x2A16,
            0x2A17, 0x2A18, 0x2A19, 0x2A1C, 0x2A1D, 0x2A1E, 0x2A21, 0x2A22, 0x2A23, 0x2A24,
            0x2A25, 0x2A26, 0x2A27, 0x2A28, 0x2A29, 0x2A2A, 0x2A2B, 0x2A2C, 0x2A31, 0x2A32,
            0x2A33, 0x2A34, 0x2A35, 0x2A36, 0x2A37, 0x2A38, 0x2A39, 0x2A3F, 0x2A40, 0x2A41,
            0x2A42, 0x2A43, 0x2A44, 0x2A45, 0x2A46, 0x2A47, 0x2A48, 0x2A49, 0x2A4A, 0x2A4B,
            0x2A4C, 0x2A4D, 0x2A4E, 0x2A4F, 0x2A50, 0x2A51, 0x2A52, 0x2A53, 0x2A54, 0x2A55,
            0x2A5A, 0x2A5B, 0x2A5C, 0x2A5D, 0x2A5E, 0x2A5F, 0x2A60, 0x2A63, 0x2A64, 0x2A65,
            0x2A66, 0x2A67, 0x2A68, 0x2A69, 0x2A6A, 0x2A6B, 0x2A6C, 0x2A6D, 0x2A6E, 0x2A6F,
            0x2A70, 0x2A71, 0x2A72, 0x2A73, 0x2A74, 0x2A75, 0x2A76, 0x2A77, 0x2A78, 0x2A79,
            0x2A7A, 0x2A7B, 0x2A7D, 0x2A7E, 0x2A7F, 0x2A80, 0x2A81, 0x2A82, 0x2A83, 0x2A84,
            0x2A85, 0x2A86, 0x2A87, 0x2A88, 0x2A89, 0x2A8A, 0x2A8B, 0x2A8C, 0x2A8D, 0x2A8E,
            0x2A8F, 0x2A90, 0x2A91, 0x2A92, 0x2A93, 0x2A94, 0x2A95, 0x2A96, 0x2A97, 0x2A98,
            0x2A99, 0x2A9A, 0x2A9B, 0x2A9C, 0x2A9D, 0x2A9E, 0x2A9F, 0x2AA0, 0x2AA1, 0x2AA2,
            0x2AA3, 0x2AA4, 0x2AA5, 0x2AA6, 0x2AA7, 0x2AA8, 0x2AA9, 0x2AAA, 0x2AAB, 0x2AAC,
            0x2AAD, 0x2AAE, 0x2AAF, 0x2AB0, 0x2AB1, 0x2AB2, 0x2AB3, 0x2AB4, 0x2AB5, 0x2AB6,
            0x2AB7, 0x2AB8, 0x2AB9, 0x2ABA, 0x2ABB, 0x2ABC, 0x2ABD, 0x2ABE, 0x2ABF, 0x2AC0,
            0x2AC1, 0x2AC2, 0x2AC3, 0x2AC4, 0x2AC5, 0x2AC6, 0x2AC7, 0x2AC8, 0x2AC9, 0x2ACC,
            0x2ACD, 0x2ACE, 0x2ACF, 0x2AD0, 0x2AD1, 0x2AD2, 0x2AD3, 0x2AD4, 0x2AD5, 0x2AD6,
            0x2AD7, 0x2AD8, 0x2AD9, 0x2ADA, 0x2ADB, 0x2ADC, 0x2ADD, 0x2ADE, 0x2AE0, 0x2AE1,
            0x2AE2, 0x2AE3, 0x2AE4, 0x2AE5, 0x2AE6, 0x2AE7, 0x2AE8, 0x2AE9, 0x2AEA, 0x2AEB,
            0x2AEC, 0x2AED, 0x2AEE, 0x2AEF, 0x2AF0, 0x2AF1, 0x2AF2, 0x2AF3, 0x2AF4, 0x2AF5,
            0x2AF6, 0x2AF7, 0x2AF8, 0x2AF9, 0x2AFA, 0x2AFB, 0x2AFC, 0x2AFD, 0x2AFE, 0x2AFF,
            0x2B00, 0x2B01, 0x2B02, 0x2B03, 0x2B04, 0x2B05, 0x2B06, 0x2B07, 0x2B08, 0x2B09,
            0x2B0A, 0x2B0B, 0x2B0C, 0x2B0D, 0x2B0E, 0x2B0F, 0x2B10, 0x2B11, 0x2B12, 0x2B13,
            0x2B14, 0x2B15, 0x2B16, 0x2B17, 0x2B18, 0x2B19, 0x2B1A, 0x2B1B, 0x2B1C, 0x2B1D,
            0x2B1E, 0x2B1F, 0x2B20, 0x2B21, 0x2B22, 0x2B23, 0x2B24, 0x2B25, 0x2B26, 0x2B27,
            0x2B28, 0x2B29, 0x2B2A, 0x2B2B, 0x2B2C, 0x2B2D, 0x2B2E, 0x2B2F, 0x2B30, 0x2B31,
            0x2B32, 0x2B33, 0x2B34, 0x2B35, 0x2B36, 0x2B37, 0x2B38, 0x2B39, 0x2B3A, 0x2B3B,
            0x2B3C, 0x2B3D, 0x2B3E, 0x2B3F, 0x2B40, 0x2B41, 0x2B42, 0x2B43, 0x2B44, 0x2B45,
            0x2B46, 0x2B47, 0x2B48, 0x2B49, 0x2B4A, 0x2B4B, 0x2B4C, 0x2B4D, 0x2B4E, 0x2B4F,
            0x2B50, 0x2B51, 0x2B77, 0x2B78, 0x2B79, 0x2B7A, 0x2B7B, 0x2B7C, 0x2B7D, 0x2B7E,
            0x2B7F, 0x2B80, 0x2B81, 0x2B82, 0x2B83, 0x2B84, 0x2B85, 0x2B86, 0x2B87, 0x2B88,
            0x2B89, 0x2B8A, 0x2B8B, 0x2B8C, 0x2B8D, 0x2B8E, 0x2B8F, 0x2B90, 0x2B91, 0x2B92,
            0x2B93, 0x2B94, 0x2B95, 0x2B96, 0x2B97, 0x2B98, 0x2B99, 0x2B9A, 0x2B9B, 0x2B9C,
            0x2B9D, 0x2B9E, 0x2B9F, 0x2BA0, 0x2BA1, 0x2BA2, 0x2BA3, 0x2BA4, 0x2BA5, 0x2BA6,
            0x2BA7, 0x2BA8, 0x2BAD, 0x2BAE, 0x2BAF, 0x2BB0, 0x2BB1, 0x2BB2, 0x2BB3, 0x2BB4,
            0x2BB5, 0x2BB6, 0x2BB7, 0x2BB8, 0x2BB9, 0x2BBA, 0x2BBB, 0x2BBC, 0x2BBD, 0x2BBE,
            0x2BBF, 0x2BC0, 0x2BC1, 0x2BC2, 0x2BC3, 0x2BC4, 0x2BC5, 0x2BC6, 0x2BC7, 0x2BC8,
            0x2BC9, 0x2BCA, 0x2BCB, 0x2BCC, 0x2BCD, 0x2BCE, 0x2BCF, 0x2BD0, 0x2BD1, 0x2BD2,
            0x2BD3, 0x2BD4, 0x2BD5, 0x2BD6, 0x2BD7, 0x2BD8, 0x2BD9, 0x2BDA, 0x2BDB, 0x2BDC,
            0x2BDD, 0x2BDE, 0x2BDF, 0x2BE0, 0x2BE1, 0x2BE2, 0x2BE3, 0x2BE4, 0x2BE5, 0x2BE6,
            0x2BE7, 0x2BE8, 0x2BE9, 0x2BEA, 0x2BEB, 0x2BEC, 0x2BED, 0x2BEE, 0x2BEF, 0x2BF0,
            0x2BF1, 0x2BF2, 0x2BF3, 0x2BF4, 0x2BF5, 0x2BF6, 0x2BF7, 0x2BF8, 0x2BF9, 0x2BFA,
            0x2BFB, 0x2BFC, 0x2BFD, 0x2BFE, 0x2BFF, 0x2C00, 0x2C01, 0x2C02, 0x2C03, 0x2C04,
            0x2C05, 0x2C06, 0x2C07, 0x2C08, 0x2C09, 0x2C0A, 0x2C0B, 0x2C0C, 0x2C0D, 0x2C0E,
            0x2C0F, 0x2C10, 0x2C11, 0x2C12, 0x2C13, 0x2C14, 0x2C15, 0x2C16, 0x2C17, 0x2C18,
            0x2C19, 0x2C1A, 0x2C1B, 0x2C1C, 0x2C1D, 0x2C1E, 0x2C1F, 0x2C20, 0x2C21, 0x2C22,
            0x2C23, 0x2C24, 0x2C25, 0x2C26, 0x2C27, 0x2C28, 0x2C29, 0x2C2A, 0x2C2B, 0x2C2C,
            0x2C2D, 0x2C2E, 0x2C2F, 0x2C30, 0x2C31, 0x2C32, 0x2C33, 0x2C34, 0x2C35, 0x2C36,
            0x2C37, 0x2C38, 0x2C39, 0x2C3A, 0x2C3B, 0x2C3C, 0x2C3D, 0x2C3E, 0x2C3F, 0x2C40,
            0x2C41,
        ],
        names: """
            Device Name
            Appearance
            Peripheral Privacy Flag
            Reconnection Address
            Peripheral Preferred Connection Parameters
            Service Changed
            Alert Level
            Tx Power Level
            Date Time
            Day of Week
            Day Date Time
            Exact Time 256
            DST Offset
            Time Zone
            Local Time Information
            Time with DST
            Time Accuracy
            Time Source
            Reference Time Information
            Time Update Control Point
            Time Update State
            Glucose Measurement
            Battery Level
            Temperature Measurement
            Temperature Type
            Intermediate Temperature
            Measurement Interval
            Boot Keyboard Input Report
            System ID
            Model Number String
            Serial Number String
            Firmware Revision String
            Hardware Revision String
            Software Revision String
            Manufacturer Name String
            IEEE 11073-20601 Regulatory Certification Data List
            Current Time
            Magnetic Declination
            Scan Refresh
            Boot Keyboard Output Report
            Boot Mouse Input Report
            Glucose Measurement Context
            Blood Pressure Measurement
            Intermediate Cuff Pressure
            Heart Rate Measurement
            Body Sensor Location
            Heart Rate Control Point
            Alert Status
            Ringer Control Point
            Ringer Setting
            Alert Category ID Bit Mask
            Alert Category ID
            Alert Notification Control Point
            Unread Alert Status
            New Alert
            Supported New Alert Category
            Supported Unread Alert Category
            Blood Pressure Feature
            HID Information
            Report Map
            HID Control Point
            Report
            Protocol Mode
            Scan Interval Window
            PnP ID
            Glucose Feature
            Record Access Control Point
            RSC Measurement
            RSC Feature
            SC Control Point
            Aggregate
            CSC Measurement
            CSC Feature
            Sensor Location
            PLX Spot-Check Measurement
            PLX Continuous Measurement
            PLX Features
            Cycling Power Measurement
            Cycling Power Vector
            Cycling Power Feature
            Cycling Power Control Point
            Location and Speed
            Navigation
            Position Quality
            LN Feature
            LN Control Point
            Elevation
            Pressure
            Temperature
            Humidity
            True Wind Speed
            True Wind Direction
            Apparent Wind Speed
            Apparent Wind Direction
            Gust Factor
            Pollen Concentration
            UV Index
            Irradiance
            Rainfall
            Wind Chill
            Heat Index
            Dew Point
            Descriptor Value Changed
            Aerobic Heart Rate Lower Limit
            Aerobic Threshold
            Age
            Anaerobic Heart Rate Lower Limit
            Anaerobic Heart Rate Upper Limit
            Anaerobic Threshold
            Aerobic Heart Rate Upper Limit
            Date of Birth
            Date of Threshold Assessment
            Email Address
            Fat Burn Heart Rate Lower Limit
            Fat Burn Heart Rate Upper Limit
            First Name
            Five Zone Heart Rate Limits
            Gender
            Heart Rate Max
            Height
            Hip Circumference
            Last Name
            Maximum Recommended Heart Rate
            Resting Heart Rate
            Sport Type for Aerobic and Anaerobic Thresholds
            Three Zone Heart Rate Limits
            Two Zone Heart Rate Limits
            VO2 Max
            Waist Circumference
            Weight
            Database Change Increment
            User Index
            Body Composition Feature
            Body Composition Measurement
            Weight Measurement
            Weight Scale Feature
            User Control Point
            Magnetic Flux Density - 2D
            Magnetic Flux Density - 3D
            Language
            Barometric Pressure Trend
            Bond Management Control Point
            Bond Management Feature
            Central Address Resolution
            CGM Measurement
            CGM Feature
            CGM Status
            CGM Session Start Time
            CGM Session Run Time
            CGM Specific Ops Control Point
            Indoor Positioning Configuration
            Latitude
            Longitude
            Local North Coordinate
            Local East Coordinate
            Floor Number
            Altitude
            Uncertainty
            Location Name
            URI
            HTTP Headers
            HTTP Status Code
            HTTP Entity Body
            HTTP Control Point
            HTTPS Security
            TDS Control Point
            OTS Feature
            Object Name
            Object Type
            Object Size
            Object First-Created
            Object Last-Modified
            Object ID
            Object Properties
            Object Action Control Point
            Object List Control Point
            Object List Filter
            Object Changed
            Resolvable Private Address Only
            Fitness Machine Feature
            Treadmill Data
            Cross Trainer Data
            Step Climber Data
            Stair Climber Data
            Rower Data
            Indoor Bike Data
            Training Status
            Supported Speed Range
            Supported Inclination Range
            Supported Resistance Level Range
            Supported Heart Rate Range
            Supported Power Range
            Fitness Machine Control Point
            Fitness Machine Status
            Mesh Provisioning Data In
            Mesh Provisioning Data Out
            Mesh Proxy Data In
            Mesh Proxy Data Out
            Average Current
            Average Voltage
            Boolean
            Chromatic Distance from Planckian
            Chromaticity Coordinates
            Chromaticity in CCT and Duv Values
            Chromaticity Tolerance
            CIE 13.3-1995 Color Rendering Index
            Coefficient
            Correlated Color Temperature
            Count 16
            Count 24
            Country Code
            Date UTC
            Electric Current
            Electric Current Range
            Electric Current Specification
            Electric Current Statistics
            Energy
            Energy in a Period of Day
            Event Statistics
            Fixed String 16
            Fixed String 24
            Fixed String 36
            Fixed String 8
            Generic Level
            Global Trade Item Number
            Illuminance
            Luminous Efficacy
            Luminous Energy
            Luminous Exposure
            Luminous Flux
            Luminous Flux Range
            Luminous Intensity
            Mass Flow
            Perceived Lightness
            Percentage 8
            Power
            Power Specification
            Relative Runtime in a Current Range
            Relative Runtime in a Generic Level Range
            Relative Value in a Voltage Range
            Relative Value in an Illuminance Range
            Relative Value in a Period of Day
            Relative Value in a Temperature Range
            Temperature 8
            Temperature 8 in a Period of Day
            Temperature 8 Statistics
            Temperature Range
            Temperature Statistics
            Time Decihour 8
            Time Exponential 8
            Time Hour 24
            Time Millisecond 24
            Time Second 16
            Time Second 8
            Voltage
            Voltage Specification
            Voltage Statistics
            Volume Flow
            Chromaticity Coordinate
            RC Feature
            RC Settings
            Reconnection Configuration Control Point
            IDD Status Changed
            IDD Status
            IDD Annunciation Status
            IDD Features
            IDD Status Reader Control Point
            IDD Command Control Point
            IDD Command Data
            IDD Record Access Control Point
            IDD History Data
            Client Supported Features
            Database Hash
            BSS Control Point
            BSS Response
            Emergency ID
            Emergency Text
            ACS Status
            ACS Data In
            ACS Data Out Notify
            ACS Data Out Indicate
            ACS Control Point
            Enhanced Blood Pressure Measurement
            Enhanced Intermediate Cuff Pressure
            Blood Pressure Record
            Registered User
            BR-EDR Handover Data
            Bluetooth SIG Data
            Server Supported Features
            Physical Activity Monitor Features
            General Activity Instantaneous Data
            General Activity Summary Data
            CardioRespiratory Activity Instantaneous Data
            CardioRespiratory Activity Summary Data
            Step Counter Activity Summary Data
            Sleep Activity Instantaneous Data
            Sleep Activity Summary Data
            Physical Activity Monitor Control Point
            Physical Activity Current Session
            Physical Activity Session Descriptor
            Preferred Units
            High Resolution Height
            Middle Name
            Stride Length
            Handedness
            Device Wearing Position
            Four Zone Heart Rate Limits
            High Intensity Exercise Threshold
            Activity Goal
            Sedentary Interval Notification
            Caloric Intake
            TMAP Role
            Audio Input State
            Gain Settings Attribute
            Audio Input Type
            Audio Input Status
            Audio Input Control Point
            Audio Input Description
            Volume State
            Volume Control Point
            Volume Flags
            Volume Offset State
            Audio Location
            Volume Offset Control Point
            Audio Output Description
            Set Identity Resolving Key
            Coordinated Set Size
            Set Member Lock
            Set Member Rank
            Encrypted Data Key Material
            Apparent Energy 32
            Apparent Power
            Live Health Observations
            CO2 Concentration
            Cosine of the Angle
            Device Time Feature
            Device Time Parameters
            Device Time
            Device Time Control Point
            Time Change Log Data
            Media Player Name
            Media Player Icon Object ID
            Media Player Icon URL
            Track Changed
            Track Title
            Track Duration
            Track Position
            Playback Speed
            Seeking Speed
            Current Track Segments Object ID
            Current Track Object ID
            Next Track Object ID
            Parent Group Object ID
            Current Group Object ID
            Playing Order
            Playing Orders Supported
            Media State
            Media Control Point
            Media Control Point Opcodes Supported
            Search Results Object ID
            Search Control Point
            Energy 32
            Constant Tone Extension Enable
            Advertising Constant Tone Extension Minimum Length
            Advertising Constant Tone Extension Minimum Transmit Count
            Advertising Constant Tone Extension Transmit Duration
            Advertising Constant Tone Extension Interval
            Advertising Constant Tone Extension PHY
            Bearer Provider Name
            Bearer UCI
            Bearer Technology
            Bearer URI Schemes Supported List
            Bearer Signal Strength
            Bearer Signal Strength Reporting Interval
            Bearer List Current Calls
            Content Control ID
            Status Flags
            Incoming Call Target Bearer URI
            Call State
            Call Control Point
            Call Control Point Optional Opcodes
            Termination Reason
            Incoming Call
            Call Friendly Name
            Mute
            Sink ASE
            Source ASE
            ASE Control Point
            Broadcast Audio Scan Control Point
            Broadcast Receive State
            Sink PAC
            Sink Audio Locations
            Source PAC
            Source Audio Locations
            Available Audio Contexts
            Supported Audio Contexts
            Ammonia Concentration
            Carbon Monoxide Concentration
            Methane Concentration
            Nitrogen Dioxide Concentration
            Non-Methane Volatile Organic Compounds Concentration
            Ozone Concentration
            Particulate Matter - PM1 Concentration
            Particulate Matter - PM2.5 Concentration
            Particulate Matter - PM10 Concentration
            Sulfur Dioxide Concentration
            Sulfur Hexafluoride Concentration
            Hearing Aid Features
            Hearing Aid Preset Control Point
            Active Preset Index
            Stored Health Observations
            Fixed String 64
            High Temperature
            High Voltage
            Light Distribution
            Light Output
            Light Source Type
            Noise
            Relative Runtime in a Correlated Color Temperature Range
            Time Second 32
            VOC Concentration
            Voltage Frequency
            Battery Critical Status
            Battery Health Status
            Battery Health Information
            Battery Information
            Battery Level Status
            Battery Time Status
            Estimated Service Date
            Battery Energy Status
            Observation Schedule Changed
            Elapsed Time
            Health Sensor Features
            GHS Control Point
            LE GATT Security Levels
            ESL Address
            AP Sync Key Material
            ESL Response Key Material
            ESL Current Absolute Time
            ESL Display Information
            ESL Image Information
            ESL Sensor Information
            ESL LED Information
            ESL Control Point
            UDI for Medical Devices
            GMAP Role
            UGG Features
            UGT Features
            BGS Features
            BGR Features
            Percentage 8 Steps
            Acceleration
            Force
            Linear Position
            Rotational Speed
            Length
            Torque
            IMD Status
            IMDS Descriptor Value Changed
            First Use Date
            Life Cycle Data
            Work Cycle Data
            Service Cycle Data
            IMD Control
            IMD Historical Data
            RAS Features
            Real-time Ranging Data
            On-demand Ranging Data
            RAS Control Point
            Ranging Data Ready
            Ranging Data Overwritten
            Coordinated Set Name
            Humidity 8
            Illuminance 16
            Acceleration - 3D
            Precise Acceleration - 3D
            Acceleration Detection Status
            Door/Window Status
            Pushbutton Status 8
            Contact Status 8
            HID ISO Properties
            LE HID Operation Mode
            Cookware Description
            Recipe Control
            Recipe Parameters
            Cooking Step Status
            Cooking Zone Capabilities
            Cooking Zone Desired Cooking Conditions
            Cooking Zone Actual Cooking Conditions
            Cookware Sensor Data
            Cookware Sensor Aggregate
            Cooking Temperature
            Cooking Zone Perceived Power
            Kitchen Appliance Airflow
            Voice Assistant Name
            Voice Assistant UUID
            Voice Assistant Service Control Point
            Installed Location
            Voice Assistant Session State
            Voice Assistant Session Flag
            Voice Assistant Supported Languages
            Voice Assistant Supported Features
            HID SCI Mode
            HID SCI Information
            Tire Pressure
            Tire Temperature
            Tire Acceleration
            TPMS Properties
            TPMS Duty Cycle
            TPMS Position
            TPMS Signing Key
            """
    )

    /// GATT descriptors (16-bit UUIDs): 24 entries, keyed by 16-bit UUID.
    static let descriptors = AssignedNameTable(
        keys: [
            0x2900, 0x2901, 0x2902, 0x2903, 0x2904, 0x2905, 0x2906, 0x2907, 0x2908, 0x2909,
            0x290A, 0x290B, 0x290C, 0x290D, 0x290E, 0x290F, 0x2910, 0x2911, 0x2912, 0x2913,
            0x2914, 0x2915, 0x2916, 0x2917,
        ],
        names: """
            Characteristic Extended Properties
            Characteristic User Description
            Client Characteristic Configuration
            Server Characteristic Configuration
            Characteristic Presentation Format
            Characteristic Aggregate Format
            Valid Range
            External Report Reference
            Report Reference
            Number of Digitals
            Value Trigger Setting
            Environmental Sensing Configuration
            Environmental Sensing Measurement
            Environmental Sensing Trigger Setting
            Time Trigger Setting
            Complete BR-EDR Transport Block Data
            Observation Schedule
            Valid Range and Accuracy
            Measurement Description
            Manufacturer Limits
            Process Tolerances
            IMD Trigger Setting
            Cooking Sensor Info
            Cooking Trigger Setting
            """
    )

    /// GATT attribute types: service, include and characteristic declarations: 4 entries, keyed by 16-bit UUID.
    static let declarations = AssignedNameTable(
        keys: [
            0x2800, 0x2801, 0x2802, 0x2803,
        ],
        names: """
            Primary Service
            Secondary Service
            Include
            Characteristic
            """
    )

    /// Units, as used in the Characteristic Presentation Format descriptor: 127 entries, keyed by unit UUID.
    static let units = AssignedNameTable(
        keys: [
            0x2700, 0x2701, 0x2702, 0x2703, 0x2704, 0x2705, 0x2706, 0x2707, 0x2710, 0x2711,
            0x2712, 0x2713, 0x2714, 0x2715, 0x2716, 0x2717, 0x2718, 0x2719, 0x271A, 0x271B,
            0x271C, 0x271D, 0x271E, 0x2720, 0x2721, 0x2722, 0x2723, 0x2724, 0x2725, 0x2726,
            0x2727, 0x2728, 0x2729, 0x272A, 0x272B, 0x272C, 0x272D, 0x272E, 0x272F, 0x2730,
            0x2731, 0x2732, 0x2733, 0x2734, 0x2735, 0x2740, 0x2741, 0x2742, 0x2743, 0x2744,
            0x2745, 0x2746, 0x2747, 0x2748, 0x2749, 0x274A, 0x274B, 0x274C, 0x274D, 0x274E,
            0x274F, 0x2750, 0x2751, 0x2752, 0x2753, 0x2754, 0x2755, 0x2756, 0x2757, 0x2760,
            0x2761, 0x2762, 0x2763, 0x2764, 0x2765, 0x2766, 0x2767, 0x2768, 0x2780, 0x2781,
            0x2782, 0x2783, 0x2784, 0x2785, 0x2786, 0x2787, 0x27A0, 0x27A1, 0x27A2, 0x27A3,
            0x27A4, 0x27A5, 0x27A6, 0x27A7, 0x27A8, 0x27A9, 0x27AA, 0x27AB, 0x27AC, 0x27AD,
            0x27AE, 0x27AF, 0x27B0, 0x27B1, 0x27B2, 0x27B3, 0x27B4, 0x27B5, 0x27B6, 0x27B7,
            0x27B8, 0x27B9, 0x27BA, 0x27BC, 0x27BD, 0x27BE, 0x27BF, 0x27C0, 0x27C1, 0x27C2,
            0x27C3, 0x27C4, 0x27C5, 0x27C6, 0x27C7, 0x27C8, 0x27C9,
        ],
        names: """
            unitless
            length (metre)
            mass (kilogram)
            time (second)
            electric current (ampere)
            thermodynamic temperature (kelvin)
            amount of substance (mole)
            luminous intensity (candela)
            area (square metres)
            volume (cubic metres)
            velocity (metres per second)
            acceleration (metres per second squared)
            wavenumber (reciprocal metre)
            density (kilogram per cubic metre)
            surface density (kilogram per square metre)
            specific volume (cubic metre per kilogram)
            current density (ampere per square metre)
            magnetic field strength (ampere per metre)
            amount concentration (mole per cubic metre)
            mass concentration (kilogram per cubic metre)
            luminance (candela per square metre)
            refractive index
            relative permeability
            plane angle (radian)
            solid angle (steradian)
            frequency (hertz)
            force (newton)
            pressure (pascal)
            energy (joule)
            power (watt)
            electric charge (coulomb)
            electric potential difference (volt)
            capacitance (farad)
            electric resistance (ohm)
            electric conductance (siemens)
            magnetic flux (weber)
            magnetic flux density (tesla)
            inductance (henry)
            Celsius temperature (degree Celsius)
            luminous flux (lumen)
            illuminance (lux)
            activity referred to a radionuclide (becquerel)
            absorbed dose (gray)
            dose equivalent (sievert)
            catalytic activity (katal)
            dynamic viscosity (pascal second)
            moment of force (newton metre)
            surface tension (newton per metre)
            angular velocity (radian per second)
            angular acceleration (radian per second squared)
            heat flux density (watt per square metre)
            heat capacity (joule per kelvin)
            specific heat capacity (joule per kilogram kelvin)
            specific energy (joule per kilogram)
            thermal conductivity (watt per metre kelvin)
            energy density (joule per cubic metre)
            electric field strength (volt per metre)
            electric charge density (coulomb per cubic metre)
            surface charge density (coulomb per square metre)
            electric flux density (coulomb per square metre)
            permittivity (farad per metre)
            permeability (henry per metre)
            molar energy (joule per mole)
            molar entropy (joule per mole kelvin)
            exposure (coulomb per kilogram)
            absorbed dose rate (gray per second)
            radiant intensity (watt per steradian)
            radiance (watt per square metre steradian)
            catalytic activity concentration (katal per cubic metre)
            time (minute)
            time (hour)
            time (day)
            plane angle (degree)
            plane angle (minute)
            plane angle (second)
            area (hectare)
            volume (litre)
            mass (tonne)
            pressure (bar)
            pressure (millimetre of mercury)
            length (ångström)
            length (nautical mile)
            area (barn)
            velocity (knot)
            logarithmic radio quantity (neper)
            logarithmic radio quantity (bel)
            length (yard)
            length (parsec)
            length (inch)
            length (foot)
            length (mile)
            pressure (pound-force per square inch)
            velocity (kilometre per hour)
            velocity (mile per hour)
            angular velocity (revolution per minute)
            energy (gram calorie)
            energy (kilogram calorie)
            energy (kilowatt hour)
            thermodynamic temperature (degree Fahrenheit)
            percentage
            per mille
            period (beats per minute)
            electric charge (ampere hours)
            mass density (milligram per decilitre)
            mass density (millimole per litre)
            time (year)
            time (month)
            concentration (count per cubic metre)
            irradiance (watt per square metre)
            milliliter (per kilogram per minute)
            mass (pound)
            metabolic equivalent
            step (per minute)
            stroke (per minute)
            pace (kilometre per minute)
            luminous efficacy (lumen per watt)
            luminous energy (lumen hour)
            luminous exposure (lux hour)
            mass flow (gram per second)
            volume flow (litre per second)
            sound pressure (decibel)
            parts per million
            parts per billion
            mass density rate ((milligram per decilitre) per minute)
            Electrical Apparent Energy (kilovolt ampere hour)
            Electrical Apparent Power (volt ampere)
            Gravity (gn)
            """
    )

    /// 16-bit UUIDs assigned to SIG members and standards bodies: 666 entries, keyed by 16-bit UUID.
    static let memberServices = AssignedNameTable(
        keys: [
            0xFC75, 0xFC76, 0xFC77, 0xFC78, 0xFC79, 0xFC7A, 0xFC7B, 0xFC7C, 0xFC7D, 0xFC7E,
            0xFC7F, 0xFC80, 0xFC81, 0xFC82, 0xFC83, 0xFC84, 0xFC85, 0xFC86, 0xFC87, 0xFC88,
            0xFC89, 0xFC8A, 0xFC8B, 0xFC8C, 0xFC8D, 0xFC8E, 0xFC8F, 0xFC90, 0xFC91, 0xFC92,
            0xFC93, 0xFC94, 0xFC95, 0xFC96, 0xFC97, 0xFC98, 0xFC99, 0xFC9A, 0xFC9B, 0xFC9C,
            0xFC9D, 0xFC9E, 0xFC9F, 0xFCA0, 0xFCA1, 0xFCA2, 0xFCA3, 0xFCA4, 0xFCA5, 0xFCA6,
            0xFCA7, 0xFCA8, 0xFCA9, 0xFCAA, 0xFCAB, 0xFCAC, 0xFCAD, 0xFCAE, 0xFCAF, 0xFCB0,
            0xFCB1, 0xFCB2, 0xFCB3, 0xFCB4, 0xFCB5, 0xFCB6, 0xFCB7, 0xFCB8, 0xFCB9, 0xFCBA,
            0xFCBB, 0xFCBC, 0xFCBD, 0xFCBE, 0xFCBF, 0xFCC0, 0xFCC1, 0xFCC2, 0xFCC3, 0xFCC4,
            0xFCC5, 0xFCC6, 0xFCC7, 0xFCC8, 0xFCC9, 0xFCCA, 0xFCCB, 0xFCCC, 0xFCCD, 0xFCCE,
            0xFCCF, 0xFCD0, 0xFCD1, 0xFCD2, 0xFCD3, 0xFCD4, 0xFCD5, 0xFCD6, 0xFCD7, 0xFCD8,
            0xFCD9, 0xFCDA, 0xFCDB, 0xFCDC, 0xFCDD, 0xFCDE, 0xFCDF, 0xFCE1, 0xFCE2, 0xFCE3,
            0xFCE4, 0xFCE5, 0xFCE6, 0xFCE7, 0xFCE8, 0xFCE9, 0xFCEA, 0xFCEB, 0xFCEC, 0xFCED,
            0xFCEE, 0xFCEF, 0xFCF0, 0xFCF1, 0xFCF2, 0xFCF3, 0xFCF4, 0xFCF5, 0xFCF6, 0xFCF7,
            0xFCF8, 0xFCF9, 0xFCFA, 0xFCFB, 0xFCFC, 0xFCFD, 0xFCFE, 0xFCFF, 0xFD00, 0xFD01,
            0xFD02, 0xFD03, 0xFD04, 0xFD05, 0xFD06, 0xFD07, 0xFD08, 0xFD09, 0xFD0A, 0xFD0B,
            0xFD0C, 0xFD0D, 0xFD0E, 0xFD0F, 0xFD10, 0xFD11, 0xFD12, 0xFD13, 0xFD14, 0xFD15,
            0xFD16, 0xFD17, 0xFD18, 0xFD19, 0xFD1A, 0xFD1B, 0xFD1C, 0xFD1D, 0xFD1E, 0xFD1F,
            0xFD20, 0xFD21, 0xFD22, 0xFD23, 0xFD24, 0xFD25, 0xFD26, 0xFD27, 0xFD28, 0xFD29,
            0xFD2A, 0xFD2B, 0xFD2C, 0xFD2D, 0xFD2E, 0xFD2F, 0xFD30, 0xFD31, 0xFD32, 0xFD33,
            0xFD34, 0xFD35, 0xFD36, 0xFD37, 0xFD38, 0xFD39, 0xFD3A, 0xFD3B, 0xFD3C, 0xFD3D,
            0xFD3E, 0xFD3F, 0xFD40, 0xFD41, 0xFD42, 0xFD43, 0xFD44, 0xFD45, 0xFD46, 0xFD47,
            0xFD48, 0xFD49, 0xFD4A, 0xFD4B, 0xFD4C, 0xFD4D, 0xFD4E, 0xFD4F, 0xFD50, 0xFD51,
            0xFD52, 0xFD53, 0xFD54, 0xFD55, 0xFD56, 0xFD57, 0xFD58, 0xFD59, 0xFD5A, 0xFD5B,
            0xFD5C, 0xFD5D, 0xFD5E, 0xFD5F, 0xFD60, 0xFD61, 0xFD62, 0xFD63, 0xFD64, 0xFD65,
            0xFD66, 0xFD67, 0xFD68, 0xFD69, 0xFD6A, 0xFD6B, 0xFD6C, 0xFD6D, 0xFD6E, 0xFD6F,
            0xFD70, 0xFD71, 0xFD72, 0xFD73, 0xFD74, 0xFD75, 0xFD76, 0xFD77, 0xFD78, 0xFD79,
            0xFD7A, 0xFD7B, 0xFD7C, 0xFD7D, 0xFD7E, 0xFD7F, 0xFD80, 0xFD81, 0xFD82, 0xFD83,
            0xFD84, 0xFD85, 0xFD86, 0xFD87, 0xFD88, 0xFD89, 0xFD8A, 0xFD8B, 0xFD8C, 0xFD8D,
            0xFD8E, 0xFD8F, 0xFD90, 0xFD91, 0xFD92, 0xFD93, 0xFD94, 0xFD95, 0xFD96, 0xFD97,
            0xFD98, 0xFD99, 0xFD9A, 0xFD9B, 0xFD9C, 0xFD9D, 0xFD9E, 0xFD9F, 0xFDA0, 0xFDA1,
            0xFDA2, 0xFDA3, 0xFDA4, 0xFDA5, 0xFDA6, 0xFDA7, 0xFDA8, 0xFDA9, 0xFDAA, 0xFDAB,
            0xFDAC, 0xFDAD, 0xFDAE, 0xFDAF, 0xFDB0, 0xFDB1, 0xFDB2, 0xFDB3, 0xFDB4, 0xFDB5,
            0xFDB6, 0xFDB7, 0xFDB8, 0xFDB9, 0xFDBA, 0xFDBB, 0xFDBC, 0xFDBD, 0xFDBE, 0xFDBF,
            0xFDC0, 0xFDC1, 0xFDC2, 0xFDC3, 0xFDC4, 0xFDC5, 0xFDC6, 0xFDC7, 0xFDC8, 0xFDC9,
            0xFDCA, 0xFDCB, 0xFDCC, 0xFDCD, 0xFDCE, 0xFDCF, 0xFDD0, 0xFDD1, 0xFDD2, 0xFDD3,
            0xFDD4, 0xFDD5, 0xFDD6, 0xFDD7, 0xFDD8, 0xFDD9, 0xFDDA, 0xFDDB, 0xFDDC, 0xFDDD,
            0xFDDE, 0xFDDF, 0xFDE0, 0xFDE1, 0xFDE2, 0xFDE3, 0xFDE4, 0xFDE5, 0xFDE6, 0xFDE7,
            0xFDE8, 0xFDE9, 0xFDEA, 0xFDEB, 0xFDEC, 0xFDED, 0xFDEE, 0xFDEF, 0xFDF0, 0xFDF1,
            0xFDF2, 0xFDF3, 0xFDF4, 0xFDF5, 0xFDF6, 0xFDF7, 0xFDF8, 0xFDF9, 0xFDFA, 0xFDFB,
            0xFDFC, 0xFDFD, 0xFDFE, 0xFDFF, 0xFE00, 0xFE01, 0xFE02, 0xFE03, 0xFE04, 0xFE05,
            0xFE06, 0xFE07, 0xFE08, 0xFE09, 0xFE0A, 0xFE0B, 0xFE0C, 0xFE0D, 0xFE0E, 0xFE0F,
            0xFE10, 0xFE11, 0xFE12, 0xFE13, 0xFE14, 0xFE15, 0xFE16, 0xFE17, 0xFE18, 0xFE19,
            0xFE1A, 0xFE1B, 0xFE1C, 0xFE1D, 0xFE1E, 0xFE1F, 0xFE20, 0xFE21, 0xFE22, 0xFE23,
            0xFE24, 0xFE25, 0xFE26, 0xFE27, 0xFE28, 0xFE29, 0xFE2A, 0xFE2B, 0xFE2C, 0xFE2D,
            0xFE2E, 0xFE2F, 0xFE30, 0xFE31, 0xFE32, 0xFE33, 0xFE34, 0xFE35, 0xFE36, 0xFE37,
            0xFE38, 0xFE39, 0xFE3A, 0xFE3B, 0xFE3C, 0xFE3D, 0xFE3E, 0xFE3F, 0xFE40, 0xFE41,
            0xFE42, 0xFE43, 0xFE44, 0xFE45, 0xFE46, 0xFE47, 0xFE48, 0xFE49, 0xFE4A, 0xFE4B,
            0xFE4C, 0xFE4D, 0xFE4E, 0xFE4F, 0xFE50, 0xFE51, 0xFE52, 0xFE53, 0xFE54, 0xFE55,
            0xFE56, 0xFE57, 0xFE58, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFE5F,
            0xFE60, 0xFE61, 0xFE62, 0xFE63, 0xFE64, 0xFE65, 0xFE66, 0xFE67, 0xFE68, 0xFE69,
            0xFE6A, 0xFE6B, 0xFE6C, 0xFE6D, 0xFE6E, 0xFE6F, 0xFE70, 0xFE71, 0xFE72, 0xFE73,
            0xFE74, 0xFE75, 0xFE76, 0xFE77, 0xFE78, 0xFE79, 0xFE7A, 0xFE7B, 0xFE7C, 0xFE7D,
            0xFE7E, 0xFE7F, 0xFE80, 0xFE81, 0xFE82, 0xFE83, 0xFE84, 0xFE85, 0xFE86, 0xFE87,
            0xFE88, 0xFE89, 0xFE8A, 0xFE8B, 0xFE8C, 0xFE8D, 0xFE8E, 0xFE8F, 0xFE90, 0xFE91,
            0xFE92, 0xFE93, 0xFE94, 0xFE95, 0xFE96, 0xFE97, 0xFE98, 0xFE99, 0xFE9A, 0xFE9B,
            0xFE9C, 0xFE9D, 0xFE9E, 0xFE9F, 0xFEA0, 0xFEA1, 0xFEA2, 0xFEA3, 0xFEA4, 0xFEA5,
            0xFEA6, 0xFEA7, 0xFEA8, 0xFEA9, 0xFEAA, 0xFEAB, 0xFEAC, 0xFEAD, 0xFEAE, 0xFEAF,
            0xFEB0, 0xFEB1, 0xFEB2, 0xFEB3, 0xFEB4, 0xFEB5, 0xFEB6, 0xFEB7, 0xFEB8, 0xFEB9,
            0xFEBA, 0xFEBB, 0xFEBC, 0xFEBD, 0xFEBE, 0xFEBF, 0xFEC0, 0xFEC1, 0xFEC2, 0xFEC3,
            0xFEC4, 0xFEC5, 0xFEC6, 0xFEC7, 0xFEC8, 0xFEC9, 0xFECA, 0xFECB, 0xFECC, 0xFECD,
            0xFECE, 0xFECF, 0xFED0, 0xFED1, 0xFED2, 0xFED3, 0xFED4, 0xFED5, 0xFED6, 0xFED7,
            0xFED8, 0xFED9, 0xFEDA, 0xFEDB, 0xFEDC, 0xFEDD, 0xFEDE, 0xFEDF, 0xFEE0, 0xFEE1,
            0xFEE2, 0xFEE3, 0xFEE4, 0xFEE5, 0xFEE6, 0xFEE7, 0xFEE8, 0xFEE9, 0xFEEA, 0xFEEB,
            0xFEEC, 0xFEED, 0xFEEE, 0xFEEF, 0xFEF0, 0xFEF1, 0xFEF2, 0xFEF3, 0xFEF4, 0xFEF5,
            0xFEF6, 0xFEF7, 0xFEF8, 0xFEF9, 0xFEFA, 0xFEFB, 0xFEFC, 0xFEFD, 0xFEFE, 0xFEFF,
            0xFFEF, 0xFFF0, 0xFFF1, 0xFFF2, 0xFFF3, 0xFFF4, 0xFFF5, 0xFFF6, 0xFFF7, 0xFFF8,
            0xFFF9, 0xFFFA, 0xFFFB, 0xFFFC, 0xFFFD, 0xFFFE,
        ],
        names: """
            Xiaomi Inc.
            Weber-Stephen Products LLC
            SING SUN TECHNOLOGY (INTERNATIONAL) LIMITED
            DHL
            LG Electronics Inc.
            Outshiny India Private Limited
            Testo SE & Co. KGaA
            Motorola Mobility, LLC
            MML US, Inc
            Harman International
            Southco
            TELE System Communications Pte. Ltd.
            Axon Enterprise, Inc.
            Zwift, Inc.
            iHealth Labs, Inc.
            NINGBO FOTILE KITCHENWARE CO., LTD.
            Zhejiang Huanfu Technology Co., LTD
            Samsara Networks, Inc
            Samsara Networks, Inc
            CCC del Uruguay
            Intel Corporation
            Intel Corporation
            Kaspersky Lab Middle East FZ-LLC
            SES-Imagotag
            Caire Inc.
            Blue Iris Labs, Inc.
            Bose Corporation
            Wiliot LTD.
            Samsung Electronics Co., Ltd.
            Furuno Electric Co., Ltd.
            Komatsu Ltd.
            Apple Inc.
            Hippo Camp Software Ltd.
            LEGO System A/S
            Japan Display Inc.
            Ruuvi Innovations Ltd.
            Badger Meter
            Plockat Solutions AB
            Merry Electronics (S) Pte Ltd
            Binary Power, Inc.
            Lenovo (Singapore) Pte Ltd.
            Dell Computer Corporation
            Delta Development Team, Inc
            Apple Inc.
            PF SCHWEISSTECHNOLOGIE GMBH
            Meizu Technology Co., Ltd.
            Gunnebo Aktiebolag
            HP Inc.
            HAYWARD INDUSTRIES, INC.
            Hubble Network Inc.
            Hubble Network Inc.
            Medtronic Inc.
            Medtronic Inc.
            Spintly, Inc.
            IRISS INC.
            IRISS INC.
            Beijing 99help Safety Technology Co., Ltd
            Imagine Marketing Limited
            AltoBeam Inc.
            Ford Motor Company
            Google LLC
            Apple Inc.
            SWEEN
            OMRON HEALTHCARE Co., Ltd.
            OMRON HEALTHCARE Co., Ltd.
            OMRON HEALTHCARE Co., Ltd.
            T-Mobile USA
            Ribbiot, INC.
            Lumi United Technology Co., Ltd
            BlueID GmbH
            SharkNinja Operating LLC
            Drowsy Digital, Inc.
            Toshiba Corporation
            Musen Connect, Inc.
            ASSA ABLOY Opening Solutions Sweden AB
            Xiaomi Inc.
            TIMECODE SYSTEMS LIMITED
            Qualcomm Technologies, Inc.
            HP Inc.
            OMRON(DALIAN) CO,.LTD.
            OMRON(DALIAN) CO,.LTD.
            Wiliot LTD.
            PB INC.
            Allthenticate, Inc.
            SkyHawke Technologies
            Cosmed s.r.l.
            TOTO LTD.
            Wi-Fi Easy Connect Specification
            Zound Industries International AB
            Luna Health, Inc.
            Google LLC
            Laerdal Medical AS
            Shenzhen Benwei Media Co.,Ltd.
            Allterco Robotics ltd
            Fisher & Paykel Healthcare
            OMRON HEALTHCARE
            Nortek Security & Control
            SWISSINNO SOLUTIONS AG
            PowerPal Pty Ltd
            Appex Factory S.L.
            Huso, INC
            Draeger
            aconno GmbH
            Amazon.com Services, LLC
            Mobilaris AB
            ARCTOP, INC.
            NIO USA, Inc.
            Sony Group Corporation
            Baracoda Daily Healthtech
            Smith & Nephew Medical Limited
            Samsara Networks, Inc
            Samsara Networks, Inc
            Guard RFID Solutions Inc.
            TKH Security B.V.
            ITT Industries
            MindRhythm, Inc.
            Chess Wise B.V.
            Avi-On
            Griffwerk GmbH
            Workaround Gmbh
            Velentium, LLC
            Divesoft s.r.o.
            Security Enhancement Systems, LLC
            Google LLC
            Bitwards Oy
            Armatura LLC
            Allegion
            Trident Communication Technology, LLC
            The Linux Foundation
            Honor Device Co., Ltd.
            Honor Device Co., Ltd.
            Leupold & Stevens, Inc.
            Leupold & Stevens, Inc.
            Shenzhen Benwei Media Co., Ltd.
            Barrot Technology Co.,Ltd.
            Barrot Technology Co.,Ltd.
            Sonova Consumer Hearing GmbH
            701x
            FUTEK Advanced Sensor Technology, Inc.
            Sanvita Medical Corporation
            LEGO System A/S
            Quuppa Oy
            Shure Inc.
            Qualcomm Technologies, Inc.
            RACE-AI LLC
            Swedlock AB
            Bull Group Incorporated Company
            Cousins and Sears LLC
            Luminostics, Inc.
            Luminostics, Inc.
            OSM HK Limited
            Blecon Ltd
            HerdDogg, Inc
            AEON MOTOR CO.,LTD.
            AEON MOTOR CO.,LTD.
            AEON MOTOR CO.,LTD.
            AEON MOTOR CO.,LTD.
            BRG Sports, Inc.
            BRG Sports, Inc.
            Panasonic Corporation
            Sensitech, Inc.
            LEGIC Identsystems AG
            LEGIC Identsystems AG
            Smith & Nephew Medical Limited
            CSIRO
            Helios Sports, Inc.
            Brady Worldwide Inc.
            Samsung Electronics Co., Ltd
            Plume Design Inc.
            3M
            GN Hearing A/S
            Huawei Technologies Co., Ltd.
            Huawei Technologies Co., Ltd.
            DOM Sicherheitstechnik GmbH & Co. KG
            GD Midea Air-Conditioning Equipment Co., Ltd.
            GD Midea Air-Conditioning Equipment Co., Ltd.
            Novo Nordisk A/S
            Integrated Illumination Systems, Inc.
            Julius Blum GmbH
            Asahi Kasei Corporation
            Sony Corporation
            The Access Technologies
            The Access Technologies
            Xiaomi Inc.
            Bitstrata Systems Inc.
            Bitstrata Systems Inc.
            Sesam Solutions BV
            LG Electronics Inc.
            Gemalto Holding BV
            DashLogic, Inc.
            Aerosens LLC.
            Transsion Holdings Limited
            Google LLC
            TireCheck GmbH
            Danfoss A/S
            PREDIKTAS
            Verkada Inc.
            Verkada Inc.
            Redline Communications Inc.
            Woan Technology (Shenzhen) Co., Ltd.
            Pure Watercraft, inc.
            Cognosos, Inc
            Beflex Inc.
            Amazon Lab126
            Globe (Jiangsu) Co.,Ltd
            Apple Inc.
            Apple Inc.
            GB Solution co.,Ltd
            Lemco IKE
            Liberty Global Inc.
            Geberit International AG
            Panasonic Corporation
            Sigma Elektro GmbH
            Samsung Electronics Co., Ltd.
            Adolf Wuerth GmbH & Co KG
            70mai Co.,Ltd.
            70mai Co.,Ltd.
            SONITOR TECHNOLOGIES AS
            Hangzhou Tuya Information  Technology Co., Ltd
            UTC Fire and Security
            UTC Fire and Security
            PCI Private Limited
            Qingdao Haier Technology Co., Ltd.
            Braveheart Wireless, Inc.
            Resmed Ltd
            Volvo Car Corporation
            Volvo Car Corporation
            Samsung Electronics Co., Ltd.
            Samsung Electronics Co., Ltd.
            V2SOFT INC.
            React Mobile
            maxon motor ltd.
            Tapkey GmbH
            Meta Platforms Technologies, LLC
            Sercomm Corporation
            Arendi AG
            Google LLC
            Google LLC
            INRIA
            Razer Inc.
            Zebra Technologies Corporation
            Montblanc Simplo GmbH
            Ubique Innovation AG
            Samsung Electronics Co., Ltd
            Emerson
            rapitag GmbH
            Samsung Electronics Co., Ltd.
            Sigma Elektro GmbH
            Polidea sp. z o.o.
            Apple, Inc.
            GuangDong Oppo Mobile Telecommunications Corp., Ltd
            GN Hearing A/S
            Logitech International SA
            BRControls Products BV
            BRControls Products BV
            Insulet Corporation
            Insulet Corporation
            Withings
            Withings
            Withings
            Withings
            WYZE LABS, INC.
            Toshiba Information Systems(Japan) Corporation
            Center for Advanced Research Wernher Von Braun
            Samsung Electronics Co., Ltd.
            Husqvarna AB
            Phindex Technologies, Inc
            CANDY HOUSE, Inc.
            Sony Corporation
            iNFORM Technology GmbH
            Tile, Inc.
            Husqvarna AB
            Abbott
            Google LLC
            Urbanminded LTD
            Urbanminded LTD
            Signify Netherlands B.V.
            Jigowatts Inc.
            Google LLC
            quip NYC Inc.
            Motorola Solutions
            Matrix ComSec Pvt. Ltd.
            Guangzhou SuperSound Information Technology Co.,Ltd
            Groove X, Inc.
            Qualcomm Technologies International, Ltd. (QTIL)
            Bayerische Motoren Werke AG
            Hewlett Packard Enterprise
            Rigado
            Google LLC
            June Life, Inc.
            Disney Worldwide Services, Inc.
            ABB Oy
            Huawei Technologies Co., Ltd.
            Huawei Technologies Co., Ltd.
            Huawei Technologies Co., Ltd.
            Gastec Corporation
            The Coca-Cola Company
            VitalTech Affiliates LLC
            Secugen Corporation
            Groove X, Inc
            Groove X, Inc
            Inseego Corp.
            Inseego Corp.
            Neurostim OAB, Inc.
            WWZN Information Technology Company Limited
            WWZN Information Technology Company Limited
            PSA Peugeot Citroën
            Rhombus Systems, Inc.
            Xiaomi Inc.
            Xiaomi Inc.
            Tentacle Sync GmbH
            Houwa System Design, k.k.
            Houwa System Design, k.k.
            Wiliot LTD
            Oura Health Ltd
            Oura Health Ltd
            Portable Multimedia Ltd
            Audiodo AB
            HP Inc
            ECSG
            GWA Hygiene GmbH
            LivaNova USA Inc.
            LivaNova USA Inc.
            Comcast Cable Corporation
            Comcast Cable Corporation
            Profoto
            Emerson
            Clover Network, Inc.
            California Things Inc.
            California Things Inc.
            Hunter Douglas
            Hunter Douglas
            Baidu Online Network Technology (Beijing) Co., Ltd
            Baidu Online Network Technology (Beijing) Co., Ltd
            Simavita (Aust) Pty Ltd
            Automatic Labs
            Eli Lilly and Company
            Eli Lilly and Company
            Hach - Danaher
            Busch-Jaeger Elektro GmbH
            Fortin Electronic Systems
            Meggitt SA
            Shoof Technologies
            Qingping Technology (Beijing) Co., Ltd.
            SENNHEISER electronic GmbH & Co. KG
            Nalu Medical, Inc
            Huawei Technologies Co., Ltd
            Huawei Technologies Co., Ltd
            Bose Corporation
            FUBA Automotive Electronics GmbH
            LX Solutions Pty Limited
            Brompton Bicycle Ltd
            Ministry of Supply
            Emerson
            Jiangsu Teranovo Tech Co., Ltd.
            Jiangsu Teranovo Tech Co., Ltd.
            MHCS
            Samsung Electronics Co., Ltd.
            4iiii Innovations Inc.
            Arch Systems Inc
            Noodle Technology Inc.
            Harman International
            John Deere
            Fortin Electronic Systems
            Google LLC
            Abbott Diabetes Care
            JUUL Labs, Inc.
            SMK Corporation
            Intelletto Technologies Inc
            SECOM Co., LTD
            Robert Bosch GmbH
            Spacesaver Corporation
            SeeScan, Inc
            Syntronix Corporation
            Mannkind Corporation
            Pole Star
            Huawei Technologies Co., Ltd.
            ART AND PROGRAM, INC.
            Google LLC
            LAMPLIGHT Co.,Ltd
            AMICCOM Electronics Corporation
            Amersports
            O. E. M. Controls, Inc.
            Milwaukee Electric Tools
            AIAIAI ApS
            HP Inc.
            Onvocal
            INIA
            Tandem Diabetes Care
            Tandem Diabetes Care
            Optrel AG
            RecursiveSoft Inc.
            ADHERIUM(NZ) LIMITED
            OSRAM GmbH
            Amazon.com Services, Inc.
            Duracell U.S. Operations Inc.
            Robert Bosch GmbH
            Amazon.com Services, Inc.
            Motorola Solutions, Inc.
            CORE Transport Technologies NZ Limited
            Qualcomm Technologies, Inc.
            Sonos, Inc.
            Microsoft
            Pillsy, Inc.
            ruwido austria gmbh
            ruwido austria gmbh
            Procter & Gamble
            Procter & Gamble
            Setec Pty Ltd
            Signify Netherlands B.V. (formerly Philips Lighting B.V.)
            LAPIS Technology Co., Ltd.
            GMC-I Messtechnik GmbH
            M-Way Solutions GmbH
            Apple Inc.
            Flextronics International USA Inc.
            Amazon.com Services, Inc..
            Footmarks, Inc.
            Telit Wireless Solutions GmbH
            Runtime, Inc.
            Google LLC
            Tyto Life LLC
            Tyto Life LLC
            NetMedia, Inc.
            Illuminati Instrument Corporation
            LAMPLIGHT Co., Ltd.
            Garmin International, Inc.
            Emerson
            Bose Corporation
            Zoll Medical Corporation
            Zoll Medical Corporation
            August Home Inc
            Apple, Inc.
            Google LLC
            Google LLC
            Ayla Networks
            Gibson Innovations
            DaisyWorks, Inc.
            ITT Industries
            Google LLC
            LAMPLIGHT Co., Ltd.
            ERi,Inc.
            CRESCO Wireless, Inc
            Volkswagen AG
            Volkswagen AG
            Pro-Mark, Inc.
            CHIPOLO d.o.o.
            SmallLoop LLC
            HUAWEI Technologies Co., Ltd
            HUAWEI Technologies Co., Ltd
            Spaceek LTD
            Spaceek LTD
            TTS Tooltechnic Systems AG & Co. KG
            TTS Tooltechnic Systems AG & Co. KG
            Dolby Laboratories
            alibaba
            BD Medical
            BD Medical
            Friday Labs Limited
            Inugo Systems Limited
            Inugo Systems Limited
            Nets A/S
            Andreas Stihl AG & Co. KG
            SK Telecom
            Snapchat Inc
            B&O Play A/S
            General Motors
            General Motors
            SenionLab AB
            OMRON HEALTHCARE Co., Ltd.
            Signify Netherlands B.V. (formerly Philips Lighting B.V.)
            Volkswagen AG
            Casambi Technologies Oy
            NTT docomo
            Molekule, Inc.
            Google LLC
            SRAM
            SetPoint Medical
            3M
            Motiv, Inc.
            Google LLC
            Google LLC
            Dotted Labs
            Nordic Semiconductor ASA
            Nordic Semiconductor ASA
            Cronologics Corporation
            GT-tronics HK Ltd
            million hunters GmbH
            Grundfos A/S
            Plastc Corporation
            Eyefi, Inc.
            Lierda Science & Technology Group Co., Ltd.
            Logitech International SA
            Indagem Tech LLC
            Connected Yard, Inc.
            Siemens AG
            CHIPOLO d.o.o.
            Intel Corporation
            Lab Sensor Solutions
            Capsle Technologies Inc.
            Capsle Technologies Inc.
            Kontakt Micro-Location Sp. z o.o.
            TASER International, Inc.
            TASER International, Inc.
            The University of Tokyo
            The University of Tokyo
            LINE Corporation
            Beijing Jingdong Century Trading Co., Ltd.
            Plume Design Inc
            Abbott (formerly St. Jude Medical, Inc.)
            Abbott (formerly St. Jude Medical, Inc.)
            unwire
            TangoMe
            TangoMe
            Hewlett-Packard Company
            Hewlett-Packard Company
            Zebra Technologies
            Bragi GmbH
            Orion Labs, Inc.
            Telit Wireless Solutions (Formerly Stollmann E+V GmbH)
            Aterica Health Inc.
            Awear Solutions Ltd
            Doppler Lab
            Doppler Lab
            Medtronic Inc.
            Medtronic Inc.
            Blue Bite
            RF Digital Corp
            RF Digital Corp
            HUAWEI Technologies Co., Ltd
            Qingdao Yeelink Information Technology Co., Ltd. ( 青岛亿联客信息技术有限公司 )
            SALTO SYSTEMS S.L.
            B&O Play A/S
            Apple, Inc.
            Apple, Inc.
            TRON Forum
            Interaxon Inc.
            ARM Ltd
            CSR
            JUMA
            Shanghai Imilab Technology Co.,Ltd
            Jarden Safety & Security
            OttoQ In
            OttoQ In
            Xiaomi Inc.
            Tesla Motors Inc.
            Tesla Motors Inc.
            Currant Inc
            Currant Inc
            Estimote
            Samsara Networks, Inc
            GSI Laboratories, Inc.
            Mobiquity Networks Inc
            Dialog Semiconductor B.V.
            Google LLC
            Google LLC
            Intrepid Control Systems, Inc.
            Intrepid Control Systems, Inc.
            ITT Industries
            Paxton Access Ltd
            GoPro, Inc.
            GoPro, Inc.
            UTC Fire and Security
            Savant Systems LLC
            Savant Systems LLC
            Google LLC
            Nokia
            Nokia
            Nokia
            Nokia
            Nest Labs Inc
            Nest Labs Inc
            Electronics Tomorrow Limited
            Microsoft Corporation
            Taobao
            WiSilica Inc.
            WiSilica Inc.
            Vencer Co., Ltd
            Meta Platforms, Inc.
            Meta Platforms, Inc.
            LG Electronics
            Tencent Holdings Limited
            adafruit industries
            Dexcom Inc
            Clover Network, Inc
            Bose Corporation
            Nod, Inc.
            KDDI Corporation
            KDDI Corporation
            Blue Spark Technologies, Inc.
            360fly, Inc.
            PLUS Location Systems
            Realtek Semiconductor Corp.
            Kocomojo, LLC
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Apple, Inc.
            Plantronics Inc.
            Broadcom
            Broadcom
            Google LLC
            Pebble Technology Corporation
            ISSC Technologies Corp.
            Perka, Inc.
            Jawbone
            Jawbone
            Coin, Inc.
            Design SHIFT
            Anhui Huami Information Technology Co., Ltd.
            Anhui Huami Information Technology Co., Ltd.
            Anki, Inc.
            Anki, Inc.
            Nordic Semiconductor ASA
            Nordic Semiconductor ASA
            Silvair, Inc.
            Tencent Holdings Limited.
            Quintic Corp.
            Quintic Corp.
            Swirl Networks, Inc.
            Swirl Networks, Inc.
            Tile, Inc.
            Tile, Inc.
            Polar Electro Oy
            Polar Electro Oy
            Intel
            CSR
            CSR
            Google LLC
            Google LLC
            Dialog Semiconductor GmbH
            Wicentric, Inc.
            Aplix Corporation
            Aplix Corporation
            PayPal, Inc.
            PayPal, Inc.
            Telit Wireless Solutions (Formerly Stollmann E+V GmbH)
            Gimbal, Inc.
            Gimbal, Inc.
            GN Hearing A/S
            GN Netcom
            Wi-Fi Direct Specification
            Public Key Open Credential (PKOC)
            ICCE Digital Key
            Aliro
            FiRa Consortium
            FiRa Consortium
            Car Connectivity Consortium, LLC
            Matter Profile ID
            Zigbee Direct
            Mopria Alliance BLE
            FIDO2 secure client-to-authenticator transport
            ASTM Remote ID
            Direct Thread Commissioning
            Wireless Power Transfer (WPT)
            Universal Second Factor Authenticator
            Wireless Power Transfer
            """
    )

    /// Company identifiers (manufacturer-specific data, LMP, Device ID): 3810 entries, keyed by company identifier.
    static let companies = AssignedNameTable(
        keys: [
            0x0000, 0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0006, 0x0007, 0x0008, 0x0009,
            0x000A, 0x000B, 0x000C, 0x000D, 0x000E, 0x000F, 0x0010, 0x0011, 0x0012, 0x0013,
            0x0014, 0x0015, 0x0016, 0x0017, 0x0018, 0x0019, 0x001A, 0x001B, 0x001C, 0x001D,
            0x001E, 0x001F, 0x0020, 0x0021, 0x0022, 0x0023, 0x0024, 0x0025, 0x0026, 0x0027,
            0x0028, 0x0029, 0x002A, 0x002B, 0x002C, 0x002D, 0x002E, 0x002F, 0x0030, 0x0031,
            0x0032, 0x0033, 0x0034, 0x0035, 0x0036, 0x0037, 0x0038, 0x0039, 0x003A, 0x003B,
            0x003C, 0x003D, 0x003E, 0x003F, 0x0040, 0x0041, 0x0042, 0x0043, 0x0044, 0x0045,
            0x0046, 0x0047, 0x0048, 0x0049, 0x004A, 0x004B, 0x004C, 0x004D, 0x004E, 0x004F,
            0x0050, 0x0051, 0x0052, 0x0053, 0x0054, 0x0055, 0x0056, 0x0057, 0x0058, 0x0059,
            0x005A, 0x005B, 0x005C, 0x005D, 0x005E, 0x005F, 0x0060, 0x0061, 0x0062, 0x0063,
            0x0064, 0x0065, 0x0066, 0x0067, 0x0068, 0x0069, 0x006A, 0x006B, 0x006C, 0x006D,
            0x006E, 0x006F, 0x0070, 0x0071, 0x0072, 0x0073, 0x0074, 0x0075, 0x0076, 0x0077,
            0x0078, 0x0079, 0x007A, 0x007B, 0x007C, 0x007D, 0x007E, 0x007F, 0x0080, 0x0081,
            0x0082, 0x0083, 0x0084, 0x0085, 0x0086, 0x0087, 0x0088, 0x0089, 0x008A, 0x008B,
            0x008C, 0x008D, 0x008E, 0x008F, 0x0090, 0x0091, 0x0092, 0x0093, 0x0094, 0x0095,
            0x0096, 0x0097, 0x0098, 0x0099, 0x009A, 0x009B, 0x009C, 0x009D, 0x009E, 0x009F,
            0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7, 0x00A8, 0x00A9,
            0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF, 0x00B0, 0x00B1, 0x00B2, 0x00B3,
            0x00B4, 0x00B5, 0x00B6, 0x00B7, 0x00B8, 0x00B9, 0x00BA, 0x00BB, 0x00BC, 0x00BD,
            0x00BE, 0x00BF, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,
            0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1,
            0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D7, 0x00D8, 0x00D9, 0x00DA, 0x00DB,
            0x00DC, 0x00DD, 0x00DE, 0x00DF, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5,
            0x00E6, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,
            0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7, 0x00F8, 0x00F9,
            0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF, 0x0100, 0x0101, 0x0102, 0x0103,
            0x0104, 0x0105, 0x0106, 0x0107, 0x0108, 0x0109, 0x010A, 0x010B, 0x010C, 0x010D,
            0x010E, 0x010F, 0x0110, 0x0111, 0x0112, 0x0113, 0x0114, 0x0115, 0x0116, 0x0117,
            0x0118, 0x0119, 0x011A, 0x011B, 0x011C, 0x011D, 0x011E, 0x011F, 0x0120, 0x0121,
            0x0122, 0x0123, 0x0124, 0x0125, 0x0126, 0x0127, 0x0128, 0x0129, 0x012A, 0x012B,
            0x012C, 0x012D, 0x012E, 0x012F, 0x0130, 0x0131, 0x0132, 0x0133, 0x0134, 0x0135,
            0x0136, 0x0137, 0x0138, 0x0139, 0x013A, 0x013B, 0x013C, 0x013D, 0x013E, 0x013F,
            0x0140, 0x0141, 0x0142, 0x0143, 0x0144, 0x0145, 0x0146, 0x0147, 0x0148, 0x0149,
            0x014A, 0x014B, 0x014C, 0x014D, 0x014E, 0x014F, 0x0150, 0x0151, 0x0152, 0x0153,
            0x0154, 0x0155, 0x0156, 0x0157, 0x0158, 0x0159, 0x015A, 0x015B, 0x015C, 0x015D,
            0x015E, 0x015F, 0x0160, 0x0161, 0x0162, 0x0163, 0x0164, 0x0165, 0x0166, 0x0167,
            0x0168, 0x0169, 0x016A, 0x016B, 0x016C, 0x016D, 0x016E, 0x016F, 0x0170, 0x0171,
            0x0172, 0x0173, 0x0174, 0x0175, 0x0176, 0x0177, 0x0178, 0x0179, 0x017A, 0x017B,
            0x017C, 0x017D, 0x017E, 0x017F, 0x0180, 0x0181, 0x0182, 0x0183, 0x0184, 0x0185,
            0x0186, 0x0187, 0x0188, 0x0189, 0x018A, 0x018B, 0x018C, 0x018D, 0x018E, 0x018F,
            0x0190, 0x0191, 0x0192, 0x0193, 0x0194, 0x0195, 0x0196, 0x0197, 0x0198, 0x0199,
            0x019A, 0x019B, 0x019C, 0x019D, 0x019E, 0x019F, 0x01A0, 0x01A1, 0x01A2, 0x01A3,
            0x01A4, 0x01A5, 0x01A6, 0x01A7, 0x01A8, 0x01A9, 0x01AA, 0x01AB, 0x01AC, 0x01AD,
            0x01AE, 0x01AF, 0x01B0, 0x01B1, 0x01B2, 0x01B3, 0x01B4, 0x01B5, 0x01B6, 0x01B7,
            0x01B8, 0x01B9, 0x01BA, 0x01BB, 0x01BC, 0x01BD, 0x01BE, 0x01BF, 0x01C0, 0x01C1,
            0x01C2, 0x01C3, 0x01C4, 0x01C5, 0x01C6, 0x01C7, 0x01C8, 0x01C9, 0x01CA, 0x01CB,
            0x01CC, 0x01CD, 0x01CE, 0x01CF, 0x01D0, 0x01D1, 0x01D2, 0x01D3, 0x01D4, 0x01D5,
            0x01D6, 0x01D7, 0x01D8, 0x01D9, 0x01DA, 0x01DB, 0x01DC, 0x01DD, 0x01DE, 0x01DF,
            0x01E0, 0x01E1, 0x01E2, 0x01E3, 0x01E4, 0x01E5, 0x01E6, 0x01E7, 0x01E8, 0x01E9,
            0x01EA, 0x01EB, 0x01EC, 0x01ED, 0x01EE, 0x01EF, 0x01F0, 0x01F1, 0x01F2, 0x01F3,
            0x01F4, 0x01F5, 0x01F6, 0x01F7, 0x01F8, 0x01F9, 0x01FA, 0x01FB, 0x01FC, 0x01FD,
            0x01FE, 0x01FF, 0x0200, 0x0201, 0x0202, 0x0203, 0x0204, 0x0205, 0x0206, 0x0207,
            0x0208, 0x0209, 0x020A, 0x020B, 0x020C, 0x020D, 0x020E, 0x020F, 0x0210, 0x0211,
            0x0212, 0x0213, 0x0214, 0x0215, 0x0216, 0x0217, 0x0218, 0x0219, 0x021A, 0x021B,
            0x021C, 0x021D, 0x021E, 0x021F, 0x0220, 0x0221, 0x0222, 0x0223, 0x0224, 0x0225,
            0x0226, 0x0227, 0x0228, 0x0229, 0x022A, 0x022B, 0x022C, 0x022D, 0x022E, 0x022F,
            0x0230, 0x0231, 0x0232, 0x0233, 0x0234, 0x0235, 0x0236, 0x0237, 0x0238, 0x0239,
            0x023A, 0x023B, 0x023C, 0x023D, 0x023E, 0x023F, 0x0240, 0x0241, 0x0242, 0x0243,
            0x0244, 0x0245, 0x0246, 0x0247, 0x0248, 0x0249, 0x024A, 0x024B, 0x024C, 0x024D,
            0x024E, 0x024F, 0x0250, 0x0251, 0x0252, 0x0253, 0x0254, 0x0255, 0x0256, 0x0257,
            0x0258, 0x0259, 0x025A, 0x025B, 0x025C, 0x025D, 0x025E, 0x025F, 0x0260, 0x0261,
            0x0262, 0x0263, 0x0264, 0x0265, 0x0266, 0x0267, 0x0268, 0x0269, 0x026A, 0x026B,
            0x026C, 0x026D, 0x026E, 0x026F, 0x0270, 0x0271, 0x0272, 0x0273, 0x0274, 0x0275,
            0x0276, 0x0277, 0x0278, 0x0279, 0x027A, 0x027B, 0x027C, 0x027D, 0x027E, 0x027F,
            0x0280, 0x0281, 0x0282, 0x0283, 0x0284, 0x0285, 0x0286, 0x0287, 0x0288, 0x0289,
            0x028A, 0x028B, 0x028C, 0x028D, 0x028E, 0x028F, 0x0290, 0x0291, 0x0292, 0x0293,
            0x0294, 0x0295, 0x0296, 0x0297, 0x0298, 0x0299, 0x029A, 0x029B, 0x029C, 0x029D,
            0x029E, 0x029F, 0x02A0, 0x02A1, 0x02A2, 0x02A3, 0x02A4, 0x02A5, 0x02A6, 0x02A7,
            0x02A8, 0x02A9, 0x02AA, 0x02AB, 0x02AC, 0x02AD, 0x02AE, 0x02AF, 0x02B0, 0x02B1,
            0x02B2, 0x02B3, 0x02B4, 0x02B5, 0x02B6, 0x02B7, 0x02B8, 0x02B9, 0x02BA, 0x02BB,
            0x02BC, 0x02BD, 0x02BE, 0x02BF, 0x02C0, 0x02C1, 0x02C2, 0x02C3, 0x02C4, 0x02C5,
            0x02C6, 0x02C7, 0x02C8, 0x02C9, 0x02CA, 0x02CB, 0x02CC, 0x02CD, 0x02CE, 0x02CF,
            0x02D0, 0x02D1, 0x02D2, 0x02D3, 0x02D4, 0x02D5, 0x02D6, 0x02D7, 0x02D8, 0x02D9,
            0x02DA, 0x02DB, 0x02DC, 0x02DD, 0x02DE, 0x02DF, 0x02E0, 0x02E1, 0x02E2, 0x02E3,
            0x02E4, 0x02E5, 0x02E6, 0x02E7, 0x02E8, 0x02E9, 0x02EA, 0x02EB, 0x02EC, 0x02ED,
            0x02EE, 0x02EF, 0x02F0, 0x02F1, 0x02F2, 0x02F3, 0x02F4, 0x02F5, 0x02F6, 0x02F7,
            0x02F8, 0x02F9, 0x02FA, 0x02FB, 0x02FC, 0x02FD, 0x02FE, 0x02FF, 0x0300, 0x0301,
            0x0302, 0x0303, 0x0304, 0x0305, 0x0306, 0x0307, 0x0308, 0x0309, 0x030A, 0x030B,
            0x030C, 0x030D, 0x030E, 0x030F, 0x0310, 0x0311, 0x0312, 0x0313, 0x0314, 0x0315,
            0x0316, 0x0317, 0x0318, 0x0319, 0x031A, 0x031B, 0x031C, 0x031D, 0x031E, 0x031F,
            0x0320, 0x0321, 0x0322, 0x0323, 0x0324, 0x0325, 0x0326, 0x0327, 0x0328, 0x0329,
            0x032A, 0x032B, 0x032C, 0x032D, 0x032E, 0x032F, 0x0330, 0x0331, 0x0332, 0x0333,
            0x0334, 0x0335, 0x0336, 0x0337, 0x0338, 0x0339, 0x033A, 0x033B, 0x033C, 0x033D,
            0x033E, 0x033F, 0x0340, 0x0341, 0x0342, 0x0343, 0x0344, 0x0345, 0x0346, 0x0347,
            0x0348, 0x0349, 0x034A, 0x034B, 0x034C, 0x034D, 0x034E, 0x034F, 0x0350, 0x0351,
            0x0352, 0x0353, 0x0354, 0x0355, 0x0356, 0x0357, 0x0358, 0x0359, 0x035A, 0x035B,
            0x035C, 0x035D, 0x035E, 0x035F, 0x0360, 0x0361, 0x0362, 0x0363, 0x0364, 0x0365,
            0x0366, 0x0367, 0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F,
            0x0370, 0x0371, 0x0372, 0x0373, 0x0374, 0x0375, 0x0376, 0x0377, 0x0378, 0x0379,
            0x037A, 0x037B, 0x037C, 0x037D, 0x037E, 0x037F, 0x0380, 0x0381, 0x0382, 0x0383,
            0x0384, 0x0385, 0x0386, 0x0387, 0x0388, 0x0389, 0x038A, 0x038B, 0x038C, 0x038D,
            0x038E, 0x038F, 0x0390, 0x0391, 0x0392, 0x0393, 0x0394, 0x0395, 0x0396, 0x0397,
            0x0398, 0x0399, 0x039A, 0x039B, 0x039C, 0x039D, 0x039E, 0x039F, 0x03A0, 0x03A1,
            0x03A2, 0x03A3, 0x03A4, 0x03A5, 0x03A6, 0x03A7, 0x03A8, 0x03A9, 0x03AA, 0x03AB,
            0x03AC, 0x03AD, 0x03AE, 0x03AF, 0x03B0, 0x03B1, 0x03B2, 0x03B3, 0x03B4, 0x03B5,
            0x03B6, 0x03B7, 0x03B8, 0x03B9, 0x03BA, 0x03BB, 0x03BC, 0x03BD, 0x03BE, 0x03BF,
            0x03C0, 0x03C1, 0x03C2, 0x03C3, 0x03C4, 0x03C5, 0x03C6, 0x03C7, 0x03C8, 0x03C9,
            0x03CA, 0x03CB, 0x03CC, 0x03CD, 0x03CE, 0x03CF, 0x03D0, 0x03D1, 0x03D2, 0x03D3,
            0x03D4, 0x03D5, 0x03D6, 0x03D7, 0x03D8, 0x03D9, 0x03DA, 0x03DB, 0x03DC, 0x03DD,
            0x03DE, 0x03DF, 0x03E0, 0x03E1, 0x03E2, 0x03E3, 0x03E4, 0x03E5, 0x03E6, 0x03E7,
            0x03E8, 0x03E9, 0x03EA, 0x03EB, 0x03EC, 0x03ED, 0x03EE, 0x03EF, 0x03F0, 0x03F1,
            0x03F2, 0x03F3, 0x03F4, 0x03F5, 0x03F6, 0x03F7, 0x03F8, 0x03F9, 0x03FA, 0x03FB,
            0x03FC, 0x03FD, 0x03FE, 0x03FF, 0x0400, 0x0401, 0x0402, 0x0403, 0x0404, 0x0405,
            0x0406, 0x0407, 0x0408, 0x0409, 0x040A, 0x040B, 0x040C, 0x040D, 0x040E, 0x040F,
            0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417, 0x0418, 0x0419,
            0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F, 0x0420, 0x0421, 0x0422, 0x0423,
            0x0424, 0x0425, 0x0426, 0x0427, 0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D,
            0x042E, 0x042F, 0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437,
            0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F, 0x0440, 0x0441,
            0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447, 0x0448, 0x0449, 0x044A, 0x044B,
            0x044C, 0x044D, 0x044E, 0x044F, 0x0450, 0x0451, 0x0452, 0x0453, 0x0454, 0x0455,
            0x0456, 0x0457, 0x0458, 0x0459, 0x045A, 0x045B, 0x045C, 0x045D, 0x045E, 0x045F,
            0x0460, 0x0461, 0x0462, 0x0463, 0x0464, 0x0465, 0x0466, 0x0467, 0x0468, 0x0469,
            0x046A, 0x046B, 0x046C, 0x046D, 0x046E, 0x046F, 0x0470, 0x0471, 0x0472, 0x0473,
            0x0474, 0x0475, 0x0476, 0x0477, 0x0478, 0x0479, 0x047A, 0x047B, 0x047C, 0x047D,
            0x047E, 0x047F, 0x0480, 0x0481, 0x0482, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487,
            0x0488, 0x0489, 0x048A, 0x048B, 0x048C, 0x048D, 0x048E, 0x048F, 0x0490, 0x0491,
            0x0492, 0x0493, 0x0494, 0x0495, 0x0496, 0x0497, 0x0498, 0x0499, 0x049A, 0x049B,
            0x049C, 0x049D, 0x049E, 0x049F, 0x04A0, 0x04A1, 0x04A2, 0x04A3, 0x04A4, 0x04A5,
            0x04A6, 0x04A7, 0x04A8, 0x04A9, 0x04AA, 0x04AB, 0x04AC, 0x04AD, 0x04AE, 0x04AF,
            0x04B0, 0x04B1, 0x04B2, 0x04B3, 0x04B4, 0x04B5, 0x04B6, 0x04B7, 0x04B8, 0x04B9,
            0x04BA, 0x04BB, 0x04BC, 0x04BD, 0x04BE, 0x04BF, 0x04C0, 0x04C1, 0x04C2, 0x04C3,
            0x04C4, 0x04C5, 0x04C6, 0x04C7, 0x04C8, 0x04C9, 0x04CA, 0x04CB, 0x04CC, 0x04CD,
            0x04CE, 0x04CF, 0x04D0, 0x04D1, 0x04D2, 0x04D3, 0x04D4, 0x04D5, 0x04D6, 0x04D7,
            0x04D8, 0x04D9, 0x04DA, 0x04DB, 0x04DC, 0x04DD, 0x04DE, 0x04DF, 0x04E0, 0x04E1,
            0x04E2, 0x04E3, 0x04E4, 0x04E5, 0x04E6, 0x04E7, 0x04E8, 0x04E9, 0x04EA, 0x04EB,
            0x04EC, 0x04ED, 0x04EE, 0x04EF, 0x04F0, 0x04F1, 0x04F2, 0x04F3, 0x04F4, 0x04F5,
            0x04F6, 0x04F7, 0x04F8, 0x04F9, 0x04FA, 0x04FB, 0x04FC, 0x04FD, 0x04FE, 0x04FF,
            0x0500, 0x0501, 0x0502, 0x0503, 0x0504, 0x0505, 0x0506, 0x0507, 0x0508, 0x0509,
            0x050A, 0x050B, 0x050C, 0x050D, 0x050E, 0x050F, 0x0510, 0x0511, 0x0512, 0x0513,
            0x0514, 0x0515, 0x0516, 0x0517, 0x0518, 0x0519, 0x051A, 0x051B, 0x051C, 0x051D,
            0x051E, 0x051F, 0x0520, 0x0521, 0x0522, 0x0523, 0x0524, 0x0525, 0x0526, 0x0527,
            0x0528, 0x0529, 0x052A, 0x052B, 0x052C, 0x052D, 0x052E, 0x052F, 0x0530, 0x0531,
            0x0532, 0x0533, 0x0534, 0x0535, 0x0536, 0x0537, 0x0538, 0x0539, 0x053A, 0x053B,
            0x053C, 0x053D, 0x053E, 0x053F, 0x0540, 0x0541, 0x0542, 0x0543, 0x0544, 0x0545,
            0x0546, 0x0547, 0x0548, 0x0549, 0x054A, 0x054B, 0x054C, 0x054D, 0x054E, 0x054F,
            0x0550, 0x0551, 0x0552, 0x0553, 0x0554, 0x0555, 0x0556, 0x0557, 0x0558, 0x0559,
            0x055A, 0x055B, 0x055C, 0x055D, 0x055E, 0x055F, 0x0560, 0x0561, 0x0562, 0x0563,
            0x0564, 0x0565, 0x0566, 0x0567, 0x0568, 0x0569, 0x056A, 0x056B, 0x056C, 0x056D,
            0x056E, 0x056F, 0x0570, 0x0571, 0x0572, 0x0573, 0x0574, 0x0575, 0x0576, 0x0577,
            0x0578, 0x0579, 0x057A, 0x057B, 0x057C, 0x057D, 0x057E, 0x057F, 0x0580, 0x0581,
            0x0582, 0x0583, 0x0584, 0x0585, 0x0586, 0x0587, 0x0588, 0x0589, 0x058A, 0x058B,
            0x058C, 0x058D, 0x058E, 0x058F, 0x0590, 0x0591, 0x0592, 0x0593, 0x0594, 0x0595,
            0x0596, 0x0597, 0x0598, 0x0599, 0x059A, 0x059B, 0x059C, 0x059D, 0x059E, 0x059F,
            0x05A0, 0x05A1, 0x05A2, 0x05A3, 0x05A4, 0x05A5, 0x05A6, 0x05A7, 0x05A8, 0x05A9,
            0x05AA, 0x05AB, 0x05AC, 0x05AD, 0x05AE, 0x05AF, 0x05B0, 0x05B1, 0x05B2, 0x05B3,
            0x05B4, 0x05B5, 0x05B6, 0x05B7, 0x05B8, 0x05B9, 0x05BA, 0x05BB, 0x05BC, 0x05BD,
            0x05BE, 0x05BF, 0x05C0, 0x05C1, 0x05C2, 0x05C3, 0x05C4, 0x05C5, 0x05C6, 0x05C7,
            0x05C8, 0x05C9, 0x05CA, 0x05CB, 0x05CC, 0x05CD, 0x05CE, 0x05CF, 0x05D0, 0x05D1,
            0x05D2, 0x05D3, 0x05D4, 0x05D5, 0x05D6, 0x05D7, 0x05D8, 0x05D9, 0x05DA, 0x05DB,
            0x05DC, 0x05DD, 0x05DE, 0x05DF, 0x05E0, 0x05E1, 0x05E2, 0x05E3, 0x05E4, 0x05E5,
            0x05E6, 0x05E7, 0x05E8, 0x05E9, 0x05EA, 0x05EB, 0x05EC, 0x05ED, 0x05EE, 0x05EF,
            0x05F0, 0x05F1, 0x05F2, 0x05F3, 0x05F4, 0x05F5, 0x05F6, 0x05F7, 0x05F8, 0x05F9,
            0x05FA, 0x05FB, 0x05FC, 0x05FD, 0x05FE, 0x05FF, 0x0600, 0x0601, 0x0602, 0x0603,
            0x0604, 0x0605, 0x0606, 0x0607, 0x0608, 0x0609, 0x060A, 0x060B, 0x060C, 0x060D,
            0x060E, 0x060F, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617,
            0x0618, 0x0619, 0x061A, 0x061B, 0x061C, 0x061D, 0x061E, 0x061F, 0x0620, 0x0621,
            0x0622, 0x0623, 0x0624, 0x0625, 0x0626, 0x0627, 0x0628, 0x0629, 0x062A, 0x062B,
            0x062C, 0x062D, 0x062E, 0x062F, 0x0630, 0x0631, 0x0632, 0x0633, 0x0634, 0x0635,
            0x0636, 0x0637, 0x0638, 0x0639, 0x063A, 0x063B, 0x063C, 0x063D, 0x063E, 0x063F,
            0x0640, 0x0641, 0x0642, 0x0643, 0x0644, 0x0645, 0x0646, 0x0647, 0x0648, 0x0649,
            0x064A, 0x064B, 0x064C, 0x064D, 0x064E, 0x064F, 0x0650, 0x0651, 0x0652, 0x0653,
            0x0654, 0x0655, 0x0656, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065C, 0x065D,
            0x065E, 0x065F, 0x0660, 0x0661, 0x0662, 0x0663, 0x0664, 0x0665, 0x0666, 0x0667,
            0x0668, 0x0669, 0x066A, 0x066B, 0x066C, 0x066D, 0x066E, 0x066F, 0x0670, 0x0671,
            0x0672, 0x0673, 0x0674, 0x0675, 0x0676, 0x0677, 0x0678, 0x0679, 0x067A, 0x067B,
            0x067C, 0x067D, 0x067E, 0x067F, 0x0680, 0x0681, 0x0682, 0x0683, 0x0684, 0x0685,
            0x0686, 0x0687, 0x0688, 0x0689, 0x068A, 0x068B, 0x068C, 0x068D, 0x068E, 0x068F,
            0x0690, 0x0691, 0x0692, 0x0693, 0x0694, 0x0695, 0x0696, 0x0697, 0x0698, 0x0699,
            0x069A, 0x069B, 0x069C, 0x069D, 0x069E, 0x069F, 0x06A0, 0x06A1, 0x06A2, 0x06A3,
            0x06A4, 0x06A5, 0x06A6, 0x06A7, 0x06A8, 0x06A9, 0x06AA, 0x06AB, 0x06AC, 0x06AD,
            0x06AE, 0x06AF, 0x06B0, 0x06B1, 0x06B2, 0x06B3, 0x06B4, 0x06B5, 0x06B6, 0x06B7,
            0x06B8, 0x06B9, 0x06BA, 0x06BB, 0x06BC, 0x06BD, 0x06BE, 0x06BF, 0x06C0, 0x06C1,
            0x06C2, 0x06C3, 0x06C4, 0x06C5, 0x06C6, 0x06C7, 0x06C8, 0x06C9, 0x06CA, 0x06CB,
            0x06CC, 0x06CD, 0x06CE, 0x06CF, 0x06D0, 0x06D1, 0x06D2, 0x06D3, 0x06D4, 0x06D5,
            0x06D6, 0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DD, 0x06DE, 0x06DF,
            0x06E0, 0x06E1, 0x06E2, 0x06E3, 0x06E4, 0x06E5, 0x06E6, 0x06E7, 0x06E8, 0x06E9,
            0x06EA, 0x06EB, 0x06EC, 0x06ED, 0x06EE, 0x06EF, 0x06F0, 0x06F1, 0x06F2, 0x06F3,
            0x06F4, 0x06F5, 0x06F6, 0x06F7, 0x06F8, 0x06F9, 0x06FA, 0x06FB, 0x06FC, 0x06FD,
            0x06FE, 0x06FF, 0x0700, 0x0701, 0x0702, 0x0703, 0x0704, 0x0705, 0x0706, 0x0707,
            0x0708, 0x0709, 0x070A, 0x070B, 0x070C, 0x070D, 0x070E, 0x070F, 0x0710, 0x0711,
            0x0712, 0x0713, 0x0714, 0x0715, 0x0716, 0x0717, 0x0718, 0x0719, 0x071A, 0x071B,
            0x071C, 0x071D, 0x071E, 0x071F, 0x0720, 0x0721, 0x0722, 0x0723, 0x0724, 0x0725,
            0x0726, 0x0727, 0x0728, 0x0729, 0x072A, 0x072B, 0x072C, 0x072D, 0x072E, 0x072F,
            0x0730, 0x0731, 0x0732, 0x0733, 0x0734, 0x0735, 0x0736, 0x0737, 0x0738, 0x0739,
            0x073A, 0x073B, 0x073C, 0x073D, 0x073E, 0x073F, 0x0740, 0x0741, 0x0742, 0x0743,
            0x0744, 0x0745, 0x0746, 0x0747, 0x0748, 0x0749, 0x074A, 0x074B, 0x074C, 0x074D,
            0x074E, 0x074F, 0x0750, 0x0751, 0x0752, 0x0753, 0x0754, 0x0755, 0x0756, 0x0757,
            0x0758, 0x0759, 0x075A, 0x075B, 0x075C, 0x075D, 0x075E, 0x075F, 0x0760, 0x0761,
            0x0762, 0x0763, 0x0764, 0x0765, 0x0766, 0x0767, 0x0768, 0x0769, 0x076A, 0x076B,
            0x076C, 0x076D, 0x076E, 0x076F, 0x0770, 0x0771, 0x0772, 0x0773, 0x0774, 0x0775,
            0x0776, 0x0777, 0x0778, 0x0779, 0x077A, 0x077B, 0x077C, 0x077D, 0x077E, 0x077F,
            0x0780, 0x0781, 0x0782, 0x0783, 0x0784, 0x0785, 0x0786, 0x0787, 0x0788, 0x0789,
            0x078A, 0x078B, 0x078C, 0x078D, 0x078E, 0x078F, 0x0790, 0x0791, 0x0792, 0x0793,
            0x0794, 0x0795, 0x0796, 0x0797, 0x0798, 0x0799, 0x079A, 0x079B, 0x079C, 0x079D,
            0x079E, 0x079F, 0x07A0, 0x07A1, 0x07A2, 0x07A3, 0x07A4, 0x07A5, 0x07A6, 0x07A7,
            0x07A8, 0x07A9, 0x07AA, 0x07AB, 0x07AC, 0x07AD, 0x07AE, 0x07AF, 0x07B0, 0x07B1,
            0x07B2, 0x07B3, 0x07B4, 0x07B5, 0x07B6, 0x07B7, 0x07B8, 0x07B9, 0x07BA, 0x07BB,
            0x07BC, 0x07BD, 0x07BE, 0x07BF, 0x07C0, 0x07C1, 0x07C2, 0x07C3, 0x07C4, 0x07C5,
            0x07C6, 0x07C7, 0x07C8, 0x07C9, 0x07CA, 0x07CB, 0x07CC, 0x07CD, 0x07CE, 0x07CF,
            0x07D0, 0x07D1, 0x07D2, 0x07D3, 0x07D4, 0x07D5, 0x07D6, 0x07D7, 0x07D8, 0x07D9,
            0x07DA, 0x07DB, 0x07DC, 0x07DD, 0x07DE, 0x07DF, 0x07E0, 0x07E1, 0x07E2, 0x07E3,
            0x07E4, 0x07E5, 0x07E6, 0x07E7, 0x07E8, 0x07E9, 0x07EA, 0x07EB, 0x07EC, 0x07ED,
            0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F2, 0x07F3, 0x07F4, 0x07F5, 0x07F6, 0x07F7,
            0x07F8, 0x07F9, 0x07FA, 0x07FB, 0x07FC, 0x07FD, 0x07FE, 0x07FF, 0x0800, 0x0801,
            0x0802, 0x0803, 0x0804, 0x0805, 0x0806, 0x0807, 0x0808, 0x0809, 0x080A, 0x080B,
            0x080C, 0x080D, 0x080E, 0x080F, 0x0810, 0x0811, 0x0812, 0x0813, 0x0814, 0x0815,
            0x0816, 0x0817, 0x0818, 0x0819, 0x081A, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F,
            0x0820, 0x0821, 0x0822, 0x0823, 0x0824, 0x0825, 0x0826, 0x0827, 0x0828, 0x0829,
            0x082A, 0x082B, 0x082C, 0x082D, 0x082E, 0x082F, 0x0830, 0x0831, 0x0832, 0x0833,
            0x0834, 0x0835, 0x0836, 0x0837, 0x0838, 0x0839, 0x083A, 0x083B, 0x083C, 0x083D,
            0x083E, 0x083F, 0x0840, 0x0841, 0x0842, 0x0843, 0x0844, 0x0845, 0x0846, 0x0847,
            0x0848, 0x0849, 0x084A, 0x084B, 0x084C, 0x084D, 0x084E, 0x084F, 0x0850, 0x0851,
            0x0852, 0x0853, 0x0854, 0x0855, 0x0856, 0x0857, 0x0858, 0x0859, 0x085A, 0x085B,
            0x085C, 0x085D, 0x085E, 0x085F, 0x0860, 0x0861, 0x0862, 0x0863, 0x0864, 0x0865,
            0x0866, 0x0867, 0x0868, 0x0869, 0x086A, 0x086B, 0x086C, 0x086D, 0x086E, 0x086F,
            0x0870, 0x0871, 0x0872, 0x0873, 0x0874, 0x0875, 0x0876, 0x0877, 0x0878, 0x0879,
            0x087A, 0x087B, 0x087C, 0x087D, 0x087E, 0x087F, 0x0880, 0x0881, 0x0882, 0x0883,
            0x0884, 0x0885, 0x0886, 0x0887, 0x0888, 0x0889, 0x088A, 0x088B, 0x088C, 0x088D,
            0x088E, 0x088F, 0x0890, 0x0891, 0x0892, 0x0893, 0x0894, 0x0895, 0x0896, 0x0897,
            0x0898, 0x0899, 0x089A, 0x089B, 0x089C, 0x089D, 0x089E, 0x089F, 0x08A0, 0x08A1,
            0x08A2, 0x08A3, 0x08A4, 0x08A5, 0x08A6, 0x08A7, 0x08A8, 0x08A9, 0x08AA, 0x08AB,
            0x08AC, 0x08AD, 0x08AE, 0x08AF, 0x08B0, 0x08B1, 0x08B2, 0x08B3, 0x08B4, 0x08B5,
            0x08B6, 0x08B7, 0x08B8, 0x08B9, 0x08BA, 0x08BB, 0x08BC, 0x08BD, 0x08BE, 0x08BF,
            0x08C0, 0x08C1, 0x08C2, 0x08C3, 0x08C4, 0x08C5, 0x08C6, 0x08C7, 0x08C8, 0x08C9,
            0x08CA, 0x08CB, 0x08CC, 0x08CD, 0x08CE, 0x08CF, 0x08D0, 0x08D1, 0x08D2, 0x08D3,
            0x08D4, 0x08D5, 0x08D6, 0x08D7, 0x08D8, 0x08D9, 0x08DA, 0x08DB, 0x08DC, 0x08DD,
            0x08DE, 0x08DF, 0x08E0, 0x08E1, 0x08E2, 0x08E3, 0x08E4, 0x08E5, 0x08E6, 0x08E7,
            0x08E8, 0x08E9, 0x08EA, 0x08EB, 0x08EC, 0x08ED, 0x08EE, 0x08EF, 0x08F0, 0x08F1,
            0x08F2, 0x08F3, 0x08F4, 0x08F5, 0x08F6, 0x08F7, 0x08F8, 0x08F9, 0x08FA, 0x08FB,
            0x08FC, 0x08FD, 0x08FE, 0x08FF, 0x0900, 0x0901, 0x0902, 0x0903, 0x0904, 0x0905,
            0x0906, 0x0907, 0x0908, 0x0909, 0x090A, 0x090B, 0x090C, 0x090D, 0x090E, 0x090F,
            0x0910, 0x0911, 0x0912, 0x0913, 0x0914, 0x0915, 0x0916, 0x0917, 0x0918, 0x0919,
            0x091A, 0x091B, 0x091C, 0x091D, 0x091E, 0x091F, 0x0920, 0x0921, 0x0922, 0x0923,
            0x0924, 0x0925, 0x0926, 0x0927, 0x0928, 0x0929, 0x092A, 0x092B, 0x092C, 0x092D,
            0x092E, 0x092F, 0x0930, 0x0931, 0x0932, 0x0933, 0x0934, 0x0935, 0x0936, 0x0937,
            0x0938, 0x0939, 0x093A, 0x093B, 0x093C, 0x093D, 0x093E, 0x093F, 0x0940, 0x0941,
            0x0942, 0x0943, 0x0944, 0x0945, 0x0946, 0x0947, 0x0948, 0x0949, 0x094A, 0x094B,
            0x094C, 0x094D, 0x094E, 0x094F, 0x0950, 0x0951, 0x0952, 0x0953, 0x0954, 0x0955,
            0x0956, 0x0957, 0x0958, 0x0959, 0x095A, 0x095B, 0x095C, 0x095D, 0x095E, 0x095F,
            0x0960, 0x0961, 0x0962, 0x0963, 0x0964, 0x0965, 0x0966, 0x0967, 0x0968, 0x0969,
            0x096A, 0x096B, 0x096C, 0x096D, 0x096E, 0x096F, 0x0970, 0x0971, 0x0972, 0x0973,
            0x0974, 0x0975, 0x0976, 0x0977, 0x0978, 0x0979, 0x097A, 0x097B, 0x097C, 0x097D,
            0x097E, 0x097F, 0x0980, 0x0981, 0x0982, 0x0983, 0x0984, 0x0985, 0x0986, 0x0987,
            0x0988, 0x0989, 0x098A, 0x098B, 0x098C, 0x098D, 0x098E, 0x098F, 0x0990, 0x0991,
            0x0992, 0x0993, 0x0994, 0x0995, 0x0996, 0x0997, 0x0998, 0x0999, 0x099A, 0x099B,
            0x099C, 0x099D, 0x099E, 0x099F, 0x09A0, 0x09A1, 0x09A2, 0x09A3, 0x09A4, 0x09A5,
            0x09A6, 0x09A7, 0x09A8, 0x09A9, 0x09AA, 0x09AB, 0x09AC, 0x09AD, 0x09AE, 0x09AF,
            0x09B0, 0x09B1, 0x09B2, 0x09B3, 0x09B4, 0x09B5, 0x09B6, 0x09B7, 0x09B8, 0x09B9,
            0x09BA, 0x09BB, 0x09BC, 0x09BD, 0x09BE, 0x09BF, 0x09C0, 0x09C1, 0x09C2, 0x09C3,
            0x09C4, 0x09C5, 0x09C6, 0x09C7, 0x09C8, 0x09C9, 0x09CA, 0x09CB, 0x09CC, 0x09CD,
            0x09CE, 0x09CF, 0x09D0, 0x09D1, 0x09D2, 0x09D3, 0x09D4, 0x09D5, 0x09D6, 0x09D7,
            0x09D8, 0x09D9, 0x09DA, 0x09DB, 0x09DC, 0x09DD, 0x09DE, 0x09DF, 0x09E0, 0x09E1,
            0x09E2, 0x09E3, 0x09E4, 0x09E5, 0x09E6, 0x09E7, 0x09E8, 0x09E9, 0x09EA, 0x09EB,
            0x09EC, 0x09ED, 0x09EE, 0x09EF, 0x09F0, 0x09F1, 0x09F2, 0x09F3, 0x09F4, 0x09F5,
            0x09F6, 0x09F7, 0x09F8, 0x09F9, 0x09FA, 0x09FB, 0x09FC, 0x09FD, 0x09FE, 0x09FF,
            0x0A00, 0x0A01, 0x0A02, 0x0A03, 0x0A04, 0x0A05, 0x0A06, 0x0A07, 0x0A08, 0x0A09,
            0x0A0A, 0x0A0B, 0x0A0C, 0x0A0D, 0x0A0E, 0x0A0F, 0x0A10, 0x0A11, 0x0A12, 0x0A13,
            0x0A14, 0x0A15, 0x0A16, 0x0A17, 0x0A18, 0x0A19, 0x0A1A, 0x0A1B, 0x0A1C, 0x0A1D,
            0x0A1E, 0x0A1F, 0x0A20, 0x0A21, 0x0A22, 0x0A23, 0x0A24, 0x0A25, 0x0A26, 0x0A27,
            0x0A28, 0x0A29, 0x0A2A, 0x0A2B, 0x0A2C, 0x0A2D, 0x0A2E, 0x0A2F, 0x0A30, 0x0A31,
            0x0A32, 0x0A33, 0x0A34, 0x0A35, 0x0A36, 0x0A37, 0x0A38, 0x0A39, 0x0A3A, 0x0A3B,
            0x0A3C, 0x0A3D, 0x0A3E, 0x0A3F, 0x0A40, 0x0A41, 0x0A42, 0x0A43, 0x0A44, 0x0A45,
            0x0A46, 0x0A47, 0x0A48, 0x0A49, 0x0A4A, 0x0A4B, 0x0A4C, 0x0A4D, 0x0A4E, 0x0A4F,
            0x0A50, 0x0A51, 0x0A52, 0x0A53, 0x0A54, 0x0A55, 0x0A56, 0x0A57, 0x0A58, 0x0A59,
            0x0A5A, 0x0A5B, 0x0A5C, 0x0A5D, 0x0A5E, 0x0A5F, 0x0A60, 0x0A61, 0x0A62, 0x0A63,
            0x0A64, 0x0A65, 0x0A66, 0x0A67, 0x0A68, 0x0A69, 0x0A6A, 0x0A6B, 0x0A6C, 0x0A6D,
            0x0A6E, 0x0A6F, 0x0A70, 0x0A71, 0x0A72, 0x0A73, 0x0A74, 0x0A75, 0x0A76, 0x0A77,
            0x0A78, 0x0A79, 0x0A7A, 0x0A7B, 0x0A7C, 0x0A7D, 0x0A7E, 0x0A7F, 0x0A80, 0x0A81,
            0x0A82, 0x0A83, 0x0A84, 0x0A85, 0x0A86, 0x0A87, 0x0A88, 0x0A89, 0x0A8A, 0x0A8B,
            0x0A8C, 0x0A8D, 0x0A8E, 0x0A8F, 0x0A90, 0x0A91, 0x0A92, 0x0A93, 0x0A94, 0x0A95,
            0x0A96, 0x0A97, 0x0A98, 0x0A99, 0x0A9A, 0x0A9B, 0x0A9C, 0x0A9D, 0x0A9E, 0x0A9F,
            0x0AA0, 0x0AA1, 0x0AA2, 0x0AA3, 0x0AA4, 0x0AA5, 0x0AA6, 0x0AA7, 0x0AA8, 0x0AA9,
            0x0AAA, 0x0AAB, 0x0AAC, 0x0AAD, 0x0AAE, 0x0AAF, 0x0AB0, 0x0AB1, 0x0AB2, 0x0AB3,
            0x0AB4, 0x0AB5, 0x0AB6, 0x0AB7, 0x0AB8, 0x0AB9, 0x0ABA, 0x0ABB, 0x0ABC, 0x0ABD,
            0x0ABE, 0x0ABF, 0x0AC0, 0x0AC1, 0x0AC2, 0x0AC3, 0x0AC4, 0x0AC5, 0x0AC6, 0x0AC7,
            0x0AC8, 0x0AC9, 0x0ACA, 0x0ACB, 0x0ACC, 0x0ACD, 0x0ACE, 0x0ACF, 0x0AD0, 0x0AD1,
            0x0AD2, 0x0AD3, 0x0AD4, 0x0AD5, 0x0AD6, 0x0AD7, 0x0AD8, 0x0AD9, 0x0ADA, 0x0ADB,
            0x0ADC, 0x0ADD, 0x0ADE, 0x0ADF, 0x0AE0, 0x0AE1, 0x0AE2, 0x0AE3, 0x0AE4, 0x0AE5,
            0x0AE6, 0x0AE7, 0x0AE8, 0x0AE9, 0x0AEA, 0x0AEB, 0x0AEC, 0x0AED, 0x0AEE, 0x0AEF,
            0x0AF0, 0x0AF1, 0x0AF2, 0x0AF3, 0x0AF4, 0x0AF5, 0x0AF6, 0x0AF7, 0x0AF8, 0x0AF9,
            0x0AFA, 0x0AFB, 0x0AFC, 0x0AFD, 0x0AFE, 0x0AFF, 0x0B00, 0x0B01, 0x0B02, 0x0B03,
            0x0B04, 0x0B05, 0x0B06, 0x0B07, 0x0B08, 0x0B09, 0x0B0A, 0x0B0B, 0x0B0C, 0x0B0D,
            0x0B0E, 0x0B0F, 0x0B10, 0x0B11, 0x0B12, 0x0B13, 0x0B14, 0x0B15, 0x0B16, 0x0B17,
            0x0B18, 0x0B19, 0x0B1A, 0x0B1B, 0x0B1C, 0x0B1D, 0x0B1E, 0x0B1F, 0x0B20, 0x0B21,
            0x0B22, 0x0B23, 0x0B24, 0x0B25, 0x0B26, 0x0B27, 0x0B28, 0x0B29, 0x0B2A, 0x0B2B,
            0x0B2C, 0x0B2D, 0x0B2E, 0x0B2F, 0x0B30, 0x0B31, 0x0B32, 0x0B33, 0x0B34, 0x0B35,
            0x0B36, 0x0B37, 0x0B38, 0x0B39, 0x0B3A, 0x0B3B, 0x0B3C, 0x0B3D, 0x0B3E, 0x0B3F,
            0x0B40, 0x0B41, 0x0B42, 0x0B43, 0x0B44, 0x0B45, 0x0B46, 0x0B47, 0x0B48, 0x0B49,
            0x0B4A, 0x0B4B, 0x0B4C, 0x0B4D, 0x0B4E, 0x0B4F, 0x0B50, 0x0B51, 0x0B52, 0x0B53,
            0x0B54, 0x0B55, 0x0B56, 0x0B57, 0x0B58, 0x0B59, 0x0B5A, 0x0B5B, 0x0B5C, 0x0B5D,
            0x0B5E, 0x0B5F, 0x0B60, 0x0B61, 0x0B62, 0x0B63, 0x0B64, 0x0B65, 0x0B66, 0x0B67,
            0x0B68, 0x0B69, 0x0B6A, 0x0B6B, 0x0B6C, 0x0B6D, 0x0B6E, 0x0B6F, 0x0B70, 0x0B71,
            0x0B72, 0x0B73, 0x0B74, 0x0B75, 0x0B76, 0x0B77, 0x0B78, 0x0B79, 0x0B7A, 0x0B7B,
            0x0B7C, 0x0B7D, 0x0B7E, 0x0B7F, 0x0B80, 0x0B81, 0x0B82, 0x0B83, 0x0B84, 0x0B85,
            0x0B86, 0x0B87, 0x0B88, 0x0B89, 0x0B8A, 0x0B8B, 0x0B8C, 0x0B8D, 0x0B8E, 0x0B8F,
            0x0B90, 0x0B91, 0x0B92, 0x0B93, 0x0B94, 0x0B95, 0x0B96, 0x0B97, 0x0B98, 0x0B99,
            0x0B9A, 0x0B9B, 0x0B9C, 0x0B9D, 0x0B9E, 0x0B9F, 0x0BA0, 0x0BA1, 0x0BA2, 0x0BA3,
            0x0BA4, 0x0BA5, 0x0BA6, 0x0BA7, 0x0BA8, 0x0BA9, 0x0BAA, 0x0BAB, 0x0BAC, 0x0BAD,
            0x0BAE, 0x0BAF, 0x0BB0, 0x0BB1, 0x0BB2, 0x0BB3, 0x0BB4, 0x0BB5, 0x0BB6, 0x0BB7,
            0x0BB8, 0x0BB9, 0x0BBA, 0x0BBB, 0x0BBC, 0x0BBD, 0x0BBE, 0x0BBF, 0x0BC0, 0x0BC1,
            0x0BC2, 0x0BC3, 0x0BC4, 0x0BC5, 0x0BC6, 0x0BC7, 0x0BC8, 0x0BC9, 0x0BCA, 0x0BCB,
            0x0BCC, 0x0BCD, 0x0BCE, 0x0BCF, 0x0BD0, 0x0BD1, 0x0BD2, 0x0BD3, 0x0BD4, 0x0BD5,
            0x0BD6, 0x0BD7, 0x0BD8, 0x0BD9, 0x0BDA, 0x0BDB, 0x0BDC, 0x0BDD, 0x0BDE, 0x0BDF,
            0x0BE0, 0x0BE1, 0x0BE2, 0x0BE3, 0x0BE4, 0x0BE5, 0x0BE6, 0x0BE7, 0x0BE8, 0x0BE9,
            0x0BEA, 0x0BEB, 0x0BEC, 0x0BED, 0x0BEE, 0x0BEF, 0x0BF0, 0x0BF1, 0x0BF2, 0x0BF3,
            0x0BF4, 0x0BF5, 0x0BF6, 0x0BF7, 0x0BF8, 0x0BF9, 0x0BFA, 0x0BFB, 0x0BFC, 0x0BFD,
            0x0BFE, 0x0BFF, 0x0C00, 0x0C01, 0x0C02, 0x0C03, 0x0C04, 0x0C05, 0x0C06, 0x0C07,
            0x0C08, 0x0C09, 0x0C0A, 0x0C0B, 0x0C0C, 0x0C0D, 0x0C0E, 0x0C0F, 0x0C10, 0x0C11,
            0x0C12, 0x0C13, 0x0C14, 0x0C15, 0x0C16, 0x0C17, 0x0C18, 0x0C19, 0x0C1A, 0x0C1B,
            0x0C1C, 0x0C1D, 0x0C1E, 0x0C1F, 0x0C20, 0x0C21, 0x0C22, 0x0C23, 0x0C24, 0x0C25,
            0x0C26, 0x0C27, 0x0C28, 0x0C29, 0x0C2A, 0x0C2B, 0x0C2C, 0x0C2D, 0x0C2E, 0x0C2F,
            0x0C30, 0x0C31, 0x0C32, 0x0C33, 0x0C34, 0x0C35, 0x0C36, 0x0C37, 0x0C38, 0x0C39,
            0x0C3A, 0x0C3B, 0x0C3C, 0x0C3D, 0x0C3E, 0x0C3F, 0x0C40, 0x0C41, 0x0C42, 0x0C43,
            0x0C44, 0x0C45, 0x0C46, 0x0C47, 0x0C48, 0x0C49, 0x0C4A, 0x0C4B, 0x0C4C, 0x0C4D,
            0x0C4E, 0x0C4F, 0x0C50, 0x0C51, 0x0C52, 0x0C53, 0x0C54, 0x0C55, 0x0C56, 0x0C57,
            0x0C58, 0x0C59, 0x0C5A, 0x0C5B, 0x0C5C, 0x0C5D, 0x0C5E, 0x0C5F, 0x0C60, 0x0C61,
            0x0C62, 0x0C63, 0x0C64, 0x0C65, 0x0C66, 0x0C67, 0x0C68, 0x0C69, 0x0C6A, 0x0C6B,
            0x0C6C, 0x0C6D, 0x0C6E, 0x0C6F, 0x0C70, 0x0C71, 0x0C72, 0x0C73, 0x0C74, 0x0C75,
            0x0C76, 0x0C77, 0x0C78, 0x0C79, 0x0C7A, 0x0C7B, 0x0C7C, 0x0C7D, 0x0C7E, 0x0C7F,
            0x0C80, 0x0C81, 0x0C82, 0x0C83, 0x0C84, 0x0C85, 0x0C86, 0x0C87, 0x0C88, 0x0C89,
            0x0C8A, 0x0C8B, 0x0C8C, 0x0C8D, 0x0C8E, 0x0C8F, 0x0C90, 0x0C91, 0x0C92, 0x0C93,
            0x0C94, 0x0C95, 0x0C96, 0x0C97, 0x0C98, 0x0C99, 0x0C9A, 0x0C9B, 0x0C9C, 0x0C9D,
            0x0C9E, 0x0C9F, 0x0CA0, 0x0CA1, 0x0CA2, 0x0CA3, 0x0CA4, 0x0CA5, 0x0CA6, 0x0CA7,
            0x0CA8, 0x0CA9, 0x0CAA, 0x0CAB, 0x0CAC, 0x0CAD, 0x0CAE, 0x0CAF, 0x0CB0, 0x0CB1,
            0x0CB2, 0x0CB3, 0x0CB4, 0x0CB5, 0x0CB6, 0x0CB7, 0x0CB8, 0x0CB9, 0x0CBA, 0x0CBB,
            0x0CBC, 0x0CBD, 0x0CBE, 0x0CBF, 0x0CC0, 0x0CC1, 0x0CC2, 0x0CC3, 0x0CC4, 0x0CC5,
            0x0CC6, 0x0CC7, 0x0CC8, 0x0CC9, 0x0CCA, 0x0CCB, 0x0CCC, 0x0CCD, 0x0CCE, 0x0CCF,
            0x0CD0, 0x0CD1, 0x0CD2, 0x0CD3, 0x0CD4, 0x0CD5, 0x0CD6, 0x0CD7, 0x0CD8, 0x0CD9,
            0x0CDA, 0x0CDB, 0x0CDC, 0x0CDD, 0x0CDE, 0x0CDF, 0x0CE0, 0x0CE1, 0x0CE2, 0x0CE3,
            0x0CE4, 0x0CE5, 0x0CE6, 0x0CE7, 0x0CE8, 0x0CE9, 0x0CEA, 0x0CEB, 0x0CEC, 0x0CED,
            0x0CEE, 0x0CEF, 0x0CF0, 0x0CF1, 0x0CF2, 0x0CF3, 0x0CF4, 0x0CF5, 0x0CF6, 0x0CF7,
            0x0CF8, 0x0CF9, 0x0CFA, 0x0CFB, 0x0CFC, 0x0CFD, 0x0CFE, 0x0CFF, 0x0D00, 0x0D01,
            0x0D02, 0x0D03, 0x0D04, 0x0D05, 0x0D06, 0x0D07, 0x0D08, 0x0D09, 0x0D0A, 0x0D0B,
            0x0D0C, 0x0D0D, 0x0D0E, 0x0D0F, 0x0D10, 0x0D11, 0x0D12, 0x0D13, 0x0D14, 0x0D15,
            0x0D16, 0x0D17, 0x0D18, 0x0D19, 0x0D1A, 0x0D1B, 0x0D1C, 0x0D1D, 0x0D1E, 0x0D1F,
            0x0D20, 0x0D21, 0x0D22, 0x0D23, 0x0D24, 0x0D25, 0x0D26, 0x0D27, 0x0D28, 0x0D29,
            0x0D2A, 0x0D2B, 0x0D2C, 0x0D2D, 0x0D2E, 0x0D2F, 0x0D30, 0x0D31, 0x0D32, 0x0D33,
            0x0D34, 0x0D35, 0x0D36, 0x0D37, 0x0D38, 0x0D39, 0x0D3A, 0x0D3B, 0x0D3C, 0x0D3D,
            0x0D3E, 0x0D3F, 0x0D40, 0x0D41, 0x0D42, 0x0D43, 0x0D44, 0x0D45, 0x0D46, 0x0D47,
            0x0D48, 0x0D49, 0x0D4A, 0x0D4B, 0x0D4C, 0x0D4D, 0x0D4E, 0x0D4F, 0x0D50, 0x0D51,
            0x0D52, 0x0D53, 0x0D54, 0x0D55, 0x0D56, 0x0D57, 0x0D58, 0x0D59, 0x0D5A, 0x0D5B,
            0x0D5C, 0x0D5D, 0x0D5E, 0x0D5F, 0x0D60, 0x0D61, 0x0D62, 0x0D63, 0x0D64, 0x0D65,
            0x0D66, 0x0D67, 0x0D68, 0x0D69, 0x0D6A, 0x0D6B, 0x0D6C, 0x0D6D, 0x0D6E, 0x0D6F,
            0x0D70, 0x0D71, 0x0D72, 0x0D73, 0x0D74, 0x0D75, 0x0D76, 0x0D77, 0x0D78, 0x0D79,
            0x0D7A, 0x0D7B, 0x0D7C, 0x0D7D, 0x0D7E, 0x0D7F, 0x0D80, 0x0D81, 0x0D82, 0x0D83,
            0x0D84, 0x0D85, 0x0D86, 0x0D87, 0x0D88, 0x0D89, 0x0D8A, 0x0D8B, 0x0D8C, 0x0D8D,
            0x0D8E, 0x0D8F, 0x0D90, 0x0D91, 0x0D92, 0x0D93, 0x0D94, 0x0D95, 0x0D96, 0x0D97,
            0x0D98, 0x0D99, 0x0D9A, 0x0D9B, 0x0D9C, 0x0D9D, 0x0D9E, 0x0D9F, 0x0DA0, 0x0DA1,
            0x0DA2, 0x0DA3, 0x0DA4, 0x0DA5, 0x0DA6, 0x0DA7, 0x0DA8, 0x0DA9, 0x0DAA, 0x0DAB,
            0x0DAC, 0x0DAD, 0x0DAE, 0x0DAF, 0x0DB0, 0x0DB1, 0x0DB2, 0x0DB3, 0x0DB4, 0x0DB5,
            0x0DB6, 0x0DB7, 0x0DB8, 0x0DB9, 0x0DBA, 0x0DBB, 0x0DBC, 0x0DBD, 0x0DBE, 0x0DBF,
            0x0DC0, 0x0DC1, 0x0DC2, 0x0DC3, 0x0DC4, 0x0DC5, 0x0DC6, 0x0DC7, 0x0DC8, 0x0DC9,
            0x0DCA, 0x0DCB, 0x0DCC, 0x0DCD, 0x0DCE, 0x0DCF, 0x0DD0, 0x0DD1, 0x0DD2, 0x0DD3,
            0x0DD4, 0x0DD5, 0x0DD6, 0x0DD7, 0x0DD8, 0x0DD9, 0x0DDA, 0x0DDB, 0x0DDC, 0x0DDD,
            0x0DDE, 0x0DDF, 0x0DE0, 0x0DE1, 0x0DE2, 0x0DE3, 0x0DE4, 0x0DE5, 0x0DE6, 0x0DE7,
            0x0DE8, 0x0DE9, 0x0DEA, 0x0DEB, 0x0DEC, 0x0DED, 0x0DEE, 0x0DEF, 0x0DF0, 0x0DF1,
            0x0DF2, 0x0DF3, 0x0DF4, 0x0DF5, 0x0DF6, 0x0DF7, 0x0DF8, 0x0DF9, 0x0DFA, 0x0DFB,
            0x0DFC, 0x0DFD, 0x0DFE, 0x0DFF, 0x0E00, 0x0E01, 0x0E02, 0x0E03, 0x0E04, 0x0E05,
            0x0E06, 0x0E07, 0x0E08, 0x0E09, 0x0E0A, 0x0E0B, 0x0E0C, 0x0E0D, 0x0E0E, 0x0E0F,
            0x0E10, 0x0E11, 0x0E12, 0x0E13, 0x0E14, 0x0E15, 0x0E16, 0x0E17, 0x0E18, 0x0E19,
            0x0E1A, 0x0E1B, 0x0E1C, 0x0E1D, 0x0E1E, 0x0E1F, 0x0E20, 0x0E21, 0x0E22, 0x0E23,
            0x0E24, 0x0E25, 0x0E26, 0x0E27, 0x0E28, 0x0E29, 0x0E2A, 0x0E2B, 0x0E2C, 0x0E2D,
            0x0E2E, 0x0E2F, 0x0E30, 0x0E31, 0x0E32, 0x0E33, 0x0E34, 0x0E35, 0x0E36, 0x0E37,
            0x0E38, 0x0E39, 0x0E3A, 0x0E3B, 0x0E3C, 0x0E3D, 0x0E3E, 0x0E3F, 0x0E40, 0x0E41,
            0x0E42, 0x0E43, 0x0E44, 0x0E45, 0x0E46, 0x0E47, 0x0E48, 0x0E49, 0x0E4A, 0x0E4B,
            0x0E4C, 0x0E4D, 0x0E4E, 0x0E4F, 0x0E50, 0x0E51, 0x0E52, 0x0E53, 0x0E54, 0x0E55,
            0x0E56, 0x0E57, 0x0E58, 0x0E59, 0x0E5A, 0x0E5B, 0x0E5C, 0x0E5D, 0x0E5E, 0x0E5F,
            0x0E60, 0x0E61, 0x0E62, 0x0E63, 0x0E64, 0x0E65, 0x0E66, 0x0E67, 0x0E68, 0x0E69,
            0x0E6A, 0x0E6B, 0x0E6C, 0x0E6D, 0x0E6E, 0x0E6F, 0x0E70, 0x0E71, 0x0E72, 0x0E73,
            0x0E74, 0x0E75, 0x0E76, 0x0E77, 0x0E78, 0x0E79, 0x0E7A, 0x0E7B, 0x0E7C, 0x0E7D,
            0x0E7E, 0x0E7F, 0x0E80, 0x0E81, 0x0E82, 0x0E83, 0x0E84, 0x0E85, 0x0E86, 0x0E87,
            0x0E88, 0x0E89, 0x0E8A, 0x0E8B, 0x0E8C, 0x0E8D, 0x0E8E, 0x0E8F, 0x0E90, 0x0E91,
            0x0E92, 0x0E93, 0x0E94, 0x0E95, 0x0E96, 0x0E97, 0x0E98, 0x0E99, 0x0E9A, 0x0E9B,
            0x0E9C, 0x0E9D, 0x0E9E, 0x0E9F, 0x0EA0, 0x0EA1, 0x0EA2, 0x0EA3, 0x0EA4, 0x0EA5,
            0x0EA6, 0x0EA7, 0x0EA8, 0x0EA9, 0x0EAA, 0x0EAB, 0x0EAC, 0x0EAD, 0x0EAE, 0x0EAF,
            0x0EB0, 0x0EB1, 0x0EB2, 0x0EB3, 0x0EB4, 0x0EB5, 0x0EB6, 0x0EB7, 0x0EB8, 0x0EB9,
            0x0EBA, 0x0EBB, 0x0EBC, 0x0EBD, 0x0EBE, 0x0EBF, 0x0EC0, 0x0EC1, 0x0EC2, 0x0EC3,
            0x0EC4, 0x0EC5, 0x0EC6, 0x0EC7, 0x0EC8, 0x0EC9, 0x0ECA, 0x0ECB, 0x0ECC, 0x0ECD,
            0x0ECE, 0x0ECF, 0x0ED0, 0x0ED1, 0x0ED2, 0x0ED3, 0x0ED4, 0x0ED5, 0x0ED6, 0x0ED7,
            0x0ED8, 0x0ED9, 0x0EDA, 0x0EDB, 0x0EDC, 0x0EDD, 0x0EDE, 0x0EDF, 0x0EE0, 0xFFFF,
        ],
        names: """
            Ericsson AB
            Nokia Mobile Phones
            Intel Corp.
            IBM Corp.
            Toshiba Corp.
            3Com
            Microsoft
            Lucent
            Motorola
            Infineon Technologies AG
            Qualcomm Technologies International, Ltd. (QTIL)
            Silicon Wave
            Digianswer A/S
            Texas Instruments Inc.
            Parthus Technologies Inc.
            Broadcom Corporation
            Mitel Semiconductor
            Widcomm, Inc.
            Zeevo, Inc.
            Atmel Corporation
            Mitsubishi Electric Corporation
            RTX A/S
            KC Technology Inc.
            Newlogic
            Transilica, Inc.
            Rohde & Schwarz GmbH & Co. KG
            TTPCom Limited
            Signia Technologies, Inc.
            Conexant Systems Inc.
            Qualcomm
            Inventel
            AVM Berlin
            BandSpeed, Inc.
            Mansella Ltd
            NEC Corporation
            WavePlus Technology Co., Ltd.
            Alcatel
            NXP B.V.
            C Technologies
            Open Interface
            R F Micro Devices
            Hitachi Ltd
            Symbol Technologies, Inc.
            Tenovis
            Macronix International Co. Ltd.
            GCT Semiconductor
            Norwood Systems
            MewTel Technology Inc.
            ST Microelectronics
            Synopsys, Inc.
            Red-M (Communications) Ltd
            Commil Ltd
            Computer Access Technology Corporation (CATC)
            Eclipse (HQ Espana) S.L.
            Renesas Electronics Corporation
            Mobilian Corporation
            Syntronix Corporation
            Integrated System Solution Corp.
            Panasonic Holdings Corporation
            Gennum Corporation
            BlackBerry Limited
            IPextreme, Inc.
            Systems and Chips, Inc
            Bluetooth SIG, Inc
            Seiko Epson Corporation
            Integrated Silicon Solution Taiwan, Inc.
            CONWISE Technology Corporation Ltd
            PARROT AUTOMOTIVE SAS
            Socket Mobile
            Atheros Communications, Inc.
            MediaTek, Inc.
            Bluegiga
            Marvell Technology Group Ltd.
            3DSP Corporation
            Accel Semiconductor Ltd.
            Continental Automotive Systems
            Apple, Inc.
            Staccato Communications, Inc.
            Avago Technologies
            APT Ltd.
            SiRF Technology, Inc.
            Tzero Technologies, Inc.
            J&M Corporation
            Free2move AB
            3DiJoy Corporation
            Plantronics, Inc.
            Sony Ericsson Mobile Communications
            Harman International Industries, Inc.
            Vizio, Inc.
            Nordic Semiconductor ASA
            EM Microelectronic-Marin SA
            Ralink Technology Corporation
            Belkin International, Inc.
            Realtek Semiconductor Corporation
            Stonestreet One, LLC
            Wicentric, Inc.
            RivieraWaves S.A.S
            RDA Microelectronics
            Gibson Guitars
            MiCommand Inc.
            Band XI International, LLC
            HP, Inc.
            9Solutions Oy
            GN Hearing
            General Motors
            A&D Engineering, Inc.
            LTIMINDTREE LIMITED
            Polar Electro OY
            Beautiful Enterprise Co., Ltd.
            BriarTek, Inc
            Summit Data Communications, Inc.
            Sound ID
            Monster, LLC
            connectBlue AB
            ShangHai Super Smart Electronics Co. Ltd.
            Group Sense Ltd.
            Zomm, LLC
            Samsung Electronics Co. Ltd.
            Creative Technology Ltd.
            Laird Connectivity LLC
            Nike, Inc.
            lesswire AG
            MStar Semiconductor, Inc.
            Hanlynn Technologies
            A & R Cambridge
            Seers Technology Co., Ltd.
            Sports Tracking Technologies Ltd.
            Autonet Mobile
            DeLorme Publishing Company, Inc.
            WuXi Vimicro
            DSEA A/S
            TimeKeeping Systems, Inc.
            Ludus Helsinki Ltd.
            BlueRadios, Inc.
            Equinux AG
            Garmin International, Inc.
            Ecotest
            GN Hearing A/S
            Jawbone
            Topcon Positioning Systems, LLC
            Gimbal Inc.
            Zscan Software
            Quintic Corp
            Telit Wireless Solutions GmbH
            Funai Electric Co., Ltd.
            Advanced PANMOBIL systems GmbH & Co. KG
            ThinkOptics, Inc.
            Universal Electronics, Inc.
            Airoha Technology Corp.
            NEC Lighting, Ltd.
            ODM Technology, Inc.
            ConnecteDevice Ltd.
            zero1.tv GmbH
            i.Tech Dynamic Global Distribution Ltd.
            Alpwise
            Jiangsu Toppower Automotive Electronics Co., Ltd.
            Colorfy, Inc.
            Geoforce Inc.
            Bose Corporation
            Suunto Oy
            Kensington Computer Products Group
            SR-Medizinelektronik
            Vertu Corporation Limited
            Meta Watch Ltd.
            LINAK A/S
            OTL Dynamics LLC
            Panda Ocean Inc.
            Visteon Corporation
            ARP Devices Limited
            MARELLI EUROPE S.P.A.
            CAEN RFID srl
            Ingenieur-Systemgruppe Zahn GmbH
            Green Throttle Games
            Peter Systemtechnik GmbH
            Omegawave Oy
            Cinetix
            Passif Semiconductor Corp
            Saris Cycling Group, Inc
            Bekey A/S
            Clarinox Technologies Pty. Ltd.
            BDE Technology Co., Ltd.
            Swirl Networks
            Meso international
            TreLab Ltd
            Qualcomm Innovation Center, Inc. (QuIC)
            Johnson Controls, Inc.
            Starkey Hearing Technologies
            S-Power Electronics Limited
            Ace Sensor Inc
            Aplix Corporation
            AAMP of America
            Stalmart Technology Limited
            AMICCOM Electronics Corporation
            Shenzhen Excelsecu Data Technology Co.,Ltd
            Geneq Inc.
            adidas AG
            LG Electronics
            Onset Computer Corporation
            Selfly BV
            Quuppa Oy.
            GeLo Inc
            Evluma
            MC10
            Binauric SE
            Beats Electronics
            Microchip Technology Inc.
            Eve Systems GmbH
            ARCHOS SA
            Dexcom, Inc.
            Polar Electro Europe B.V.
            Renesas Design Netherlands B.V.
            Taixingbang Technology (HK) Co,. LTD.
            Kawantech
            Austco Communication Systems
            Timex Group USA, Inc.
            Qualcomm Technologies, Inc.
            Qualcomm Connected Experiences, Inc.
            Voyetra Turtle Beach
            txtr GmbH
            Snuza (Pty) Ltd
            Procter & Gamble
            Hosiden Corporation
            Muzik LLC
            Misfit Wearables Corp
            Google
            Danlers Ltd
            Semilink Inc
            inMusic Brands, Inc
            L.S. Research, Inc.
            Eden Software Consultants Ltd.
            Freshtemp
            KS Technologies
            ACTS Technologies
            Vtrack Systems
            Nielsen-Kellerman
            Server Technology Inc.
            BioResearch Associates
            Jolly Logic, LLC
            Above Average Outcomes, Inc.
            Bitsplitters GmbH
            PayPal, Inc.
            Witron Technology Limited
            Morse Project Inc.
            Kent Displays Inc.
            Nautilus Inc.
            Smartifier Oy
            Elcometer Limited
            VSN Technologies, Inc.
            AceUni Corp., Ltd.
            StickNFind
            Crystal Alarm AB
            KOUKAAM a.s.
            Delphi Corporation
            ValenceTech Limited
            Stanley Black and Decker
            Typo Products, LLC
            TomTom International BV
            Fugoo, Inc.
            Keiser Corporation
            Bang & Olufsen A/S
            PLUS Location Systems Pty Ltd
            Ubiquitous Computing Technology Corporation
            Innovative Yachtter Solutions
            Demant A/S
            Chicony Electronics Co., Ltd.
            Atus BV
            Codegate Ltd
            ERi, Inc
            Transducers Direct, LLC
            DENSO TEN Limited
            Audi AG
            HiSilicon Technologies CO., LIMITED
            Nippon Seiki Co., Ltd.
            Steelseries ApS
            Visybl Inc.
            Openbrain Technologies, Co., Ltd.
            Xensr
            e.solutions
            10AK Technologies
            Wimoto Technologies Inc
            Radius Networks, Inc.
            Wize Technology Co., Ltd.
            Qualcomm Labs, Inc.
            Hewlett Packard Enterprise
            Baidu
            Arendi AG
            Skoda Auto a.s.
            Volkswagen AG
            Porsche AG
            Sino Wealth Electronic Ltd.
            AirTurn, Inc.
            Kinsa, Inc
            HID Global
            SEAT es
            Promethean Ltd.
            Salutica Allied Solutions
            GPSI Group Pty Ltd
            Nimble Devices Oy
            Changzhou Yongse Infotech  Co., Ltd.
            SportIQ
            TEMEC Instruments B.V.
            Sony Corporation
            ASSA ABLOY
            Clarion Co. Inc.
            Warehouse Innovations
            Cypress Semiconductor
            MADS Inc
            Blue Maestro Limited
            Resolution Products, Ltd.
            Aireware LLC
            Silvair, Inc.
            Prestigio Plaza Ltd.
            NTEO Inc.
            Focus Systems Corporation
            Tencent Holdings Ltd.
            Allegion
            Murata Manufacturing Co., Ltd.
            WirelessWERX
            Nod, Inc.
            B&B Manufacturing Company
            Alpine Electronics (China) Co., Ltd
            FedEx Services
            Grape Systems Inc.
            Bkon Connect
            Lintech GmbH
            Novatel Wireless
            Ciright
            Mighty Cast, Inc.
            Ambimat Electronics
            Perytons Ltd.
            Tivoli Audio, LLC
            Master Lock
            Mesh-Net Ltd
            HUIZHOU DESAY SV AUTOMOTIVE CO., LTD.
            Tangerine, Inc.
            B&W Group Ltd.
            Pioneer Corporation
            OnBeep
            Vernier Software & Technology
            ROL Ergo
            Pebble Technology
            NETATMO
            Accumulate AB
            Anhui Huami Information Technology Co., Ltd.
            Inmite s.r.o.
            ChefSteps, Inc.
            micas AG
            Biomedical Research Ltd.
            Pitius Tec S.L.
            Estimote, Inc.
            Unikey Technologies, Inc.
            Timer Cap Co.
            AwoX
            yikes
            MADSGlobalNZ Ltd.
            PCH International
            Qingdao Yeelink Information Technology Co., Ltd.
            Milwaukee Electric Tools
            MISHIK Pte Ltd
            Ascensia Diabetes Care US Inc.
            Spicebox LLC
            emberlight
            Emerson Digital Cold Chain, Inc.
            Qblinks
            MYSPHERA
            LifeScan Inc
            Volantic AB
            Podo Labs, Inc
            Roche Diabetes Care AG
            Amazon.com Services LLC
            Connovate Technology Private Limited
            Kocomojo, LLC
            Everykey Inc.
            Dynamic Controls
            SentriLock
            I-SYST inc.
            CASIO COMPUTER CO., LTD.
            LAPIS Semiconductor Co.,Ltd
            Telemonitor, Inc.
            taskit GmbH
            Mercedes-Benz Group AG
            BatAndCat
            BluDotz Ltd
            XTel Wireless ApS
            Gigaset Communications GmbH
            Gecko Health Innovations, Inc.
            HOP Ubiquitous
            Walt Disney
            Nectar
            bel'apps LLC
            CORE Lighting Ltd
            Seraphim Sense Ltd
            Unico RBC
            Physical Enterprises Inc.
            Able Trend Technology Limited
            Konica Minolta, Inc.
            Wilo SE
            Extron Design Services
            Fitbit, Inc.
            Fireflies Systems
            Intelletto Technologies Inc.
            FDK CORPORATION
            Cloudleaf, Inc
            Maveric Automation LLC
            Acoustic Stream Corporation
            Zuli
            Paxton Access Ltd
            WiSilica Inc.
            VENGIT Korlatolt Felelossegu Tarsasag
            SALTO SYSTEMS S.L.
            TRON Forum
            CUBETECH s.r.o.
            Cokiya Incorporated
            CVS Health
            Ceruus
            Strainstall Ltd
            Channel Enterprises (HK) Ltd.
            FIAMM
            GIGALANE.CO.,LTD
            EROAD
            MSA Innovation, LLC
            Icon Health and Fitness
            Wille Engineering
            ENERGOUS CORPORATION
            Taobao
            Canon Inc.
            Geophysical Technology Inc.
            Meta Platforms, Inc.
            Trividia Health, Inc.
            FlightSafety International
            Earlens Corporation
            Sunrise Micro Devices, Inc.
            Star Micronics Co., Ltd.
            Netizens Sp. z o.o.
            Nymi Inc.
            Nytec, Inc.
            Trineo Sp. z o.o.
            Nest Labs Inc.
            LM Technologies Ltd
            General Electric Company
            i+D3 S.L.
            HANA Micron
            Stages Cycling LLC
            Cochlear Bone Anchored Solutions AB
            SenionLab AB
            Syszone Co., Ltd
            Pulsate Mobile Ltd.
            Hongkong OnMicro Electronics Limited
            pironex GmbH
            BRADATECH Corp.
            Transenergooil AG
            Bunch
            DME Microelectronics
            Bitcraze AB
            HASWARE Inc.
            Abiogenix Inc.
            Poly-Control ApS
            Avi-on
            Laerdal Medical AS
            Fetch My Pet
            Sam Labs Ltd.
            Chengdu Synwing Technology Ltd
            HOUWA SYSTEM DESIGN, k.k.
            BSH
            Primus Inter Pares Ltd
            August Home, Inc
            Gill Electronics
            Sky Wave Design
            Newlab S.r.l.
            ELAD srl
            G-wearables inc.
            Squadrone Systems Inc.
            Code Corporation
            Savant Systems LLC
            Logitech International SA
            Innblue Consulting
            iParking Ltd.
            Koninklijke Philips N.V.
            Minelab Electronics Pty Limited
            Bison Group Ltd.
            Widex A/S
            Jolla Ltd
            Lectronix, Inc.
            Caterpillar Inc
            Freedom Innovations
            Dynamic Devices Ltd
            Technology Solutions (UK) Ltd
            IPS Group Inc.
            STIR
            Sano, Inc.
            Advanced Application Design, Inc.
            AutoMap LLC
            Spreadtrum Communications Shanghai Ltd
            CuteCircuit LTD
            Valeo Service
            Fullpower Technologies, Inc.
            KloudNation
            Zebra Technologies Corporation
            Itron, Inc.
            The University of Tokyo
            UTC Fire and Security
            Cool Webthings Limited
            DJO Global
            Gelliner Limited
            Anyka (Guangzhou) Microelectronics Technology Co, LTD
            Medtronic Inc.
            Gozio Inc.
            Form Lifting, LLC
            Wahoo Fitness, LLC
            Kontakt Micro-Location Sp. z o.o.
            Radio Systems Corporation
            Freescale Semiconductor, Inc.
            Verifone Systems Pte Ltd. Taiwan Branch
            AR Timing
            Rigado LLC
            Kemppi Oy
            Tapcentive Inc.
            Smartbotics Inc.
            Otter Products, LLC
            STEMP Inc.
            LumiGeek LLC
            InvisionHeart Inc.
            Macnica Inc.
            Jaguar Land Rover Limited
            CoroWare Technologies, Inc
            Simplo Technology Co., LTD
            Omron Healthcare Co., LTD
            Comodule GMBH
            ikeGPS
            Telink Semiconductor Co. Ltd
            Interplan Co., Ltd
            Wyler AG
            IK Multimedia Production srl
            Lukoton Experience Oy
            MTI Ltd
            Tech4home, Lda
            Hiotech AB
            DOTT Limited
            Blue Speck Labs, LLC
            Cisco Systems, Inc
            Mobicomm Inc
            Edamic
            Goodnet, Ltd
            Luster Leaf Products  Inc
            Manus Machina BV
            Mobiquity Networks Inc
            Praxis Dynamics
            Philip Morris Products S.A.
            Comarch SA
            Nestlé Nespresso S.A.
            Merlinia A/S
            LifeBEAM Technologies
            Twocanoes Labs, LLC
            Muoverti Limited
            Stamer Musikanlagen GMBH
            Tesla, Inc.
            Pharynks Corporation
            Lupine
            Siemens AG
            Huami (Shanghai) Culture Communication CO., LTD
            Foster Electric Company, Ltd
            ETA SA
            x-Senso Solutions Kft
            Shenzhen SuLong Communication Ltd
            FengFan (BeiJing) Technology Co, Ltd
            Qrio Inc
            Pitpatpet Ltd
            MSHeli s.r.l.
            Trakm8 Ltd
            JIN CO, Ltd
            Alatech Tehnology
            Beijing CarePulse Electronic Technology Co, Ltd
            Awarepoint
            ViCentra B.V.
            Raven Industries
            WaveWare Technologies Inc.
            Argenox Technologies
            Bragi GmbH
            16Lab Inc
            Masimo Corp
            Iotera Inc
            Endress+Hauser
            ACKme Networks, Inc.
            FiftyThree Inc.
            Parker Hannifin Corp
            Transcranial Ltd
            Uwatec AG
            Orlan LLC
            Blue Clover Devices
            M-Way Solutions GmbH
            Microtronics Engineering GmbH
            Schneider Schreibgeräte GmbH
            Sapphire Circuits LLC
            Lumo Bodytech Inc.
            UKC Technosolution
            Xicato Inc.
            Playbrush
            Dai Nippon Printing Co., Ltd.
            G24 Power Limited
            AdBabble Local Commerce Inc.
            Devialet SA
            ALTYOR
            University of Applied Sciences Valais/Haute Ecole Valaisanne
            Five Interactive, LLC dba Zendo
            NetEase（Hangzhou）Network co.Ltd.
            Lexmark International Inc.
            Fluke Corporation
            Yardarm Technologies
            SensaRx
            SECVRE GmbH
            Glacial Ridge Technologies
            Identiv, Inc.
            DDS, Inc.
            SMK Corporation
            Schawbel Technologies LLC
            XMI Systems SA
            Cerevo
            Torrox GmbH & Co KG
            Gemalto
            DEKA Research & Development Corp.
            Domster Tadeusz Szydlowski
            Technogym SPA
            FLEURBAEY BVBA
            Aptcode Solutions
            LSI ADL Technology
            Animas Corp
            Alps Alpine Co., Ltd.
            OCEASOFT
            Motsai Research
            Geotab
            E.G.O. Elektro-Geraetebau GmbH
            bewhere inc
            Johnson Outdoors Inc
            steute Schaltgerate GmbH & Co. KG
            Ekomini inc.
            DEFA AS
            Aseptika Ltd
            HUAWEI Technologies Co., Ltd.
            HabitAware, LLC
            ruwido austria gmbh
            ITEC corporation
            StoneL
            Sonova AG
            Maven Machines, Inc.
            Synapse Electronics
            WOWTech Canada Ltd.
            RF Code, Inc.
            Wally Ventures S.L.
            Willowbank Electronics Ltd
            SK Telecom
            Jetro AS
            Code Gears LTD
            NANOLINK APS
            IF, LLC
            RF Digital Corp
            Church & Dwight Co., Inc
            Multibit Oy
            CliniCloud Inc
            SwiftSensors
            Blue Bite
            ELIAS GmbH
            Sivantos GmbH
            Petzl
            storm power ltd
            EISST Ltd
            Inexess Technology Simma KG
            Currant, Inc.
            C2 Development, Inc.
            Blue Sky Scientific, LLC
            ALOTTAZS LABS, LLC
            Kupson spol. s r.o.
            Areus Engineering GmbH
            Impossible Camera GmbH
            InventureTrack Systems
            Sera4 Ltd.
            Itude
            Pacific Lock Company
            Tendyron Corporation
            Robert Bosch GmbH
            Illuxtron international B.V.
            miSport Ltd.
            Chargelib
            Doppler Lab
            BBPOS Limited
            RTB Elektronik GmbH & Co. KG
            Rx Networks, Inc.
            WeatherFlow, Inc.
            Technicolor USA Inc.
            Bestechnic(Shanghai),Ltd
            Raden Inc
            Oura Health Oy
            CLABER S.P.A.
            Hyginex, Inc.
            HANSHIN ELECTRIC RAILWAY CO.,LTD.
            Schneider Electric
            Oort Technologies LLC
            Chrono Therapeutics
            Rinnai Corporation
            Swissprime Technologies AG
            Koha.,Co.Ltd
            Genevac Ltd
            Chemtronics
            Seguro Technology Sp. z o.o.
            Redbird Flight Simulations
            Dash Robotics
            LINE Corporation
            Guillemot Corporation
            Techtronic Power Tools Technology Limited
            Wilson Sporting Goods
            Lenovo (Singapore) Pte Ltd.
            Ayatan Sensors
            Electronics Tomorrow Limited
            OneSpan
            PayRange Inc.
            ABOV Semiconductor
            AINA-Wireless Inc.
            Eijkelkamp Soil & Water
            BMA ergonomics b.v.
            Teva Branded Pharmaceutical Products R&D, Inc.
            Anima
            3M
            Empatica Srl
            Afero, Inc.
            Powercast Corporation
            Secuyou ApS
            OMRON Corporation
            Send Solutions
            NIPPON SYSTEMWARE CO.,LTD.
            Neosfar
            Fliegl Agrartechnik GmbH
            Gilvader
            Digi International Inc (R)
            DeWalch Technologies, Inc.
            Flint Rehabilitation Devices, LLC
            Samsung SDS Co., Ltd.
            Blur Product Development
            University of Michigan
            Victron Energy BV
            NTT docomo
            Carmanah Technologies Corp.
            Bytestorm Ltd.
            Espressif Systems (Shanghai) Co., Ltd.
            Unwire
            Connected Yard, Inc.
            American Music Environments
            Sensogram Technologies, Inc.
            Fujitsu Limited
            Ardic Technology
            Delta Systems, Inc
            HTC Corporation
            Citizen Holdings Co., Ltd.
            SMART-INNOVATION.inc
            Blackrat Software
            The Idea Cave, LLC
            GoPro, Inc.
            AuthAir, Inc
            Vensi, Inc.
            Indagem Tech LLC
            Intemo Technologies
            DreamVisions co., Ltd.
            Runteq Oy Ltd
            IMAGINATION TECHNOLOGIES LTD
            CoSTAR TEchnologies
            Clarius Mobile Health Corp.
            Shanghai Frequen Microelectronics Co., Ltd.
            Uwanna, Inc.
            Lierda Science & Technology Group Co., Ltd.
            Silicon Laboratories
            World Moto Inc.
            Giatec Scientific Inc.
            Loop Devices, Inc
            IACA electronique
            Proxy Technologies, Inc.
            Swipp ApS
            Life Laboratory Inc.
            FUJI INDUSTRIAL CO.,LTD.
            Surefire, LLC
            Dolby Labs
            Ellisys
            Magnitude Lighting Converters
            Hilti AG
            Devdata S.r.l.
            Deviceworx
            Shortcut Labs
            SGL Italia S.r.l.
            PEEQ DATA
            Ducere Technologies Pvt Ltd
            DiveNav, Inc.
            RIIG AI Sp. z o.o.
            Thermo Fisher Scientific
            AG Measurematics Pvt. Ltd.
            CHUO Electronics CO., LTD.
            Aspenta International
            Eugster Frismag AG
            Wurth Elektronik eiSos GmbH & Co. KG
            HQ Inc
            Lab Sensor Solutions
            Enterlab ApS
            Eyefi, Inc.
            MetaSystem S.p.A.
            SONO ELECTRONICS. CO., LTD
            Jewelbots
            Compumedics Limited
            Rotor Bike Components
            Astro, Inc.
            Amotus Solutions
            Healthwear Technologies (Changzhou)Ltd
            Essex Electronics
            Grundfos A/S
            Eargo, Inc.
            Electronic Design Lab
            ESYLUX
            NIPPON SMT.CO.,Ltd
            BM innovations GmbH
            indoormap
            OttoQ Inc
            North Pole Engineering
            3flares Technologies Inc.
            Electrocompaniet A.S.
            Mul-T-Lock
            Airthings ASA
            Enlighted Inc
            GISTIC
            AJP2 Holdings, LLC
            COBI GmbH
            Blue Sky Scientific, LLC
            Appception, Inc.
            Courtney Thorne Limited
            Virtuosys
            TPV Technology Limited
            Monitra SA
            Automation Components, Inc.
            Letsense s.r.l.
            Etesian Technologies LLC
            GERTEC BRASIL LTDA.
            Drekker Development Pty. Ltd.
            Whirl Inc
            Locus Positioning
            Acuity Brands Lighting, Inc
            Prevent Biometrics
            Arioneo
            VersaMe
            Vaddio
            Libratone A/S
            HM Electronics, Inc.
            TASER International, Inc.
            SafeTrust Inc.
            Heartland Payment Systems
            Bitstrata Systems Inc.
            Pieps GmbH
            iRiding(Xiamen)Technology Co.,Ltd.
            Alpha Audiotronics, Inc.
            TOPPAN FORMS CO.,LTD.
            Sigma Designs, Inc.
            Spectrum Brands, Inc.
            Polymap Wireless
            MagniWare Ltd.
            Novotec Medical GmbH
            Phillips-Medisize A/S
            Matrix Inc.
            Eaton Corporation
            KYS
            Naya Health, Inc.
            Acromag
            Insulet Corporation
            Wellinks Inc.
            ON Semiconductor
            FREELAP SA
            Favero Electronics Srl
            BioMech Sensor LLC
            BOLTT Sports technologies Private limited
            Saphe International
            Metormote AB
            littleBits
            SetPoint Medical
            BRControls Products BV
            Zipcar
            AirBolt Pty Ltd
            MOTIVE TECHNOLOGIES, INC.
            Motiv, Inc.
            Wazombi Labs OÜ
            ORBCOMM
            Nixie Labs, Inc.
            AppNearMe Ltd
            Holman Industries
            Expain AS
            Electronic Temperature Instruments Ltd
            Plejd AB
            Propeller Health
            Shenzhen iMCO Electronic Technology Co.,Ltd
            Algoria
            Apption Labs Inc.
            Cronologics Corporation
            MICRODIA Ltd.
            lulabytes S.L.
            Société des Produits Nestlé S.A.
            LLC \"MEGA-F service\"
            Sharp Corporation
            Precision Outcomes Ltd
            Kronos Incorporated
            OCOSMOS Co., Ltd.
            Embedded Electronic Solutions Ltd. dba e2Solutions
            Aterica Inc.
            BluStor PMC, Inc.
            Kapsch TrafficCom AB
            ActiveBlu Corporation
            Kohler Mira Limited
            Noke
            Appion Inc.
            Resmed Ltd
            Crownstone B.V.
            Xiaomi Inc.
            INFOTECH s.r.o.
            Thingsquare AB
            T&D
            LAVAZZA S.p.A.
            Netclearance Systems, Inc.
            SDATAWAY
            BLOKS GmbH
            LEGO System A/S
            Thetatronics Ltd
            Nikon Corporation
            NeST
            South Silicon Valley Microelectronics
            ALE International
            CareView Communications, Inc.
            SchoolBoard Limited
            Molex Corporation
            IVT Wireless Limited
            Alpine Labs LLC
            Candura Instruments
            SmartMovt Technology Co., Ltd
            Token Zero Ltd
            ACE CAD Enterprise Co., Ltd. (ACECAD)
            Medela, Inc
            AeroScout
            Esrille Inc.
            THINKERLY SRL
            Exon Sp. z o.o.
            Meizu Technology Co., Ltd.
            Smablo LTD
            XiQ
            Allswell Inc.
            Comm-N-Sense Corp DBA Verigo
            VIBRADORM GmbH
            Otodata Wireless Network Inc.
            Propagation Systems Limited
            Midwest Instruments & Controls
            Alpha Nodus, inc.
            petPOMM, Inc
            Mattel
            Airbly Inc.
            A-Safe Limited
            FREDERIQUE CONSTANT SA
            Maxscend Microelectronics Company Limited
            Abbott
            ASB Bank Ltd
            amadas
            Applied Science, Inc.
            iLumi Solutions Inc.
            Arch Systems Inc.
            Ember Technologies, Inc.
            Snapchat Inc
            Casambi Technologies Oy
            Pico Technology Inc.
            St. Jude Medical, Inc.
            Intricon
            Structural Health Systems, Inc.
            Avvel International
            Gallagher Group
            In2things Automation Pvt. Ltd.
            SYSDEV Srl
            Vonkil Technologies Ltd
            Wynd Technologies, Inc.
            CONTRINEX S.A.
            MIRA, Inc.
            Watteam Ltd
            Density Inc.
            IOT Pot India Private Limited
            Sigma Connectivity AB
            PEG PEREGO SPA
            Wyzelink Systems Inc.
            Yota Devices LTD
            FINSECUR
            Zen-Me Labs Ltd
            3IWare Co., Ltd.
            EnOcean GmbH
            Instabeat, Inc
            Nima Labs
            Andreas Stihl AG & Co. KG
            Nathan Rhoades LLC
            Grob Technologies, LLC
            Actions (Zhuhai) Technology Co., Limited
            SPD Development Company Ltd
            Sensoan Oy
            Qualcomm Life Inc
            Chip-ing AG
            ffly4u
            IoT Instruments Oy
            TRUE Fitness Technology
            Reiner Kartengeraete GmbH & Co. KG.
            SHENZHEN LEMONJOY TECHNOLOGY CO., LTD.
            Hello Inc.
            Ozo Edu, Inc.
            Jigowatts Inc.
            BASIC MICRO.COM,INC.
            CUBE TECHNOLOGIES
            foolography GmbH
            CLINK
            Hestan Smart Cooking Inc.
            WindowMaster A/S
            Flowscape AB
            PAL Technologies Ltd
            WHERE, Inc.
            Iton Technology Corp.
            Owl Labs Inc.
            Rockford Corp.
            Becon Technologies Co.,Ltd.
            Vyassoft Technologies Inc
            Nox Medical
            Kimberly-Clark
            Trimble Inc.
            Littelfuse
            Withings
            i-developer IT Beratung UG
            Relations Inc.
            Sears Holdings Corporation
            Gantner Electronic GmbH
            Authomate Inc
            Vertex International, Inc.
            Airtago
            Swiss Audio SA
            ToGetHome Inc.
            RYSE INC.
            ZF OPENMATICS s.r.o.
            Jana Care Inc.
            Senix Corporation
            NorthStar Battery Company, LLC
            SKF (U.K.) Limited
            CO-AX Technology, Inc.
            Fender Musical Instruments
            Luidia Inc
            SEFAM
            Wireless Cables Inc
            Lightning Protection International Pty Ltd
            Uber Technologies Inc
            SODA GmbH
            Fatigue Science
            Reserved
            Novalogy LTD
            Friday Labs Limited
            OrthoAccel Technologies
            WaterGuru, Inc.
            Benning Elektrotechnik und Elektronik GmbH & Co. KG
            Dell Computer Corporation
            Kopin Corporation
            TecBakery GmbH
            Backbone Labs, Inc.
            DELSEY SA
            Chargifi Limited
            Trainesense Ltd.
            Unify Software and Solutions GmbH & Co. KG
            Husqvarna AB
            Focus fleet and fuel management inc
            SmallLoop, LLC
            Prolon Inc.
            BD Medical
            iMicroMed Incorporated
            Ticto N.V.
            Meshtech AS
            MemCachier Inc.
            Danfoss A/S
            SnapStyk Inc.
            Alticor Inc.
            Silk Labs, Inc.
            Pillsy Inc.
            Hatch Baby, Inc.
            Blocks Wearables Ltd.
            Drayson Technologies (Europe) Limited
            eBest IOT Inc.
            Helvar Ltd
            Radiance Technologies
            Nuheara Limited
            Appside co., ltd.
            DeLaval
            Coiler Corporation
            Thermomedics, Inc.
            Tentacle Sync GmbH
            Valencell, Inc.
            iProtoXi Oy
            SECOM CO., LTD.
            Tucker International LLC
            Metanate Limited
            Kobian Canada Inc.
            NETGEAR, Inc.
            Fabtronics Australia Pty Ltd
            Grand Centrix GmbH
            1UP USA.com llc
            SHIMANO INC.
            Nain Inc.
            LifeStyle Lock, LLC
            VEGA Grieshaber KG
            Xtrava Inc.
            TTS Tooltechnic Systems AG & Co. KG
            Teenage Engineering AB
            Tunstall Nordic AB
            Svep Design Center AB
            Qorvo Utrecht B.V.
            Sphinx Electronics GmbH & Co KG
            Atomation
            Nemik Consulting Inc
            RF INNOVATION
            Mini Solution Co., Ltd.
            Lumenetix, Inc
            2048450 Ontario Inc
            SPACEEK LTD
            Delta T Corporation
            Boston Scientific Corporation
            Nuviz, Inc.
            Real Time Automation, Inc.
            Kolibree
            vhf elektronik GmbH
            Bonsai Systems GmbH
            Fathom Systems Inc.
            Bellman & Symfon
            International Forte Group LLC
            CycleLabs Solutions inc.
            Codenex Oy
            Kynesim Ltd
            Palago AB
            INSIGMA INC.
            PMD Solutions
            Qingdao Realtime Technology Co., Ltd.
            BEGA Gantenbrink-Leuchten KG
            Pambor Ltd.
            Develco Products A/S
            iDesign s.r.l.
            TiVo Corp
            Control-J Pty Ltd
            Steelcase, Inc.
            iApartment co., ltd.
            Icom inc.
            Oxstren Wearable Technologies Private Limited
            Blue Spark Technologies
            FarSite Communications Limited
            mywerk system GmbH
            Sinosun Technology Co., Ltd.
            MIYOSHI ELECTRONICS CORPORATION
            POWERMAT LTD
            Occly LLC
            OurHub Dev IvS
            Pro-Mark, Inc.
            Dynometrics Inc.
            Quintrax Limited
            POS Tuning Udo Vosshenrich GmbH & Co. KG
            Multi Care Systems B.V.
            Revol Technologies Inc
            SKIDATA AG
            DEV TECNOLOGIA INDUSTRIA, COMERCIO E MANUTENCAO DE EQUIPAMENTOS LTDA. - ME
            Centrica Connected Home
            Automotive Data Solutions Inc
            Igarashi Engineering
            Taelek Oy
            CP Electronics Limited
            Vectronix AG
            S-Labs Sp. z o.o.
            Companion Medical, Inc.
            BlueKitchen GmbH
            Matting AB
            SOREX - Wireless Solutions GmbH
            ADC Technology, Inc.
            Lynxemi Pte Ltd
            SENNHEISER electronic GmbH & Co. KG
            LMT Mercer Group, Inc
            Polymorphic Labs LLC
            Cochlear Limited
            METER Group, Inc. USA
            Ruuvi Innovations Ltd.
            Situne AS
            nVisti, LLC
            DyOcean
            Uhlmann & Zacher GmbH
            AND!XOR LLC
            Popper Pay AB
            Vypin, LLC
            PNI Sensor Corporation
            ovrEngineered, LLC
            GT-tronics HK Ltd
            Herbert Waldmann GmbH & Co. KG
            Guangzhou FiiO Electronics Technology Co.,Ltd
            Vinetech Co., Ltd
            Dallas Logic Corporation
            BioTex, Inc.
            DISCOVERY SOUND TECHNOLOGY, LLC
            LINKIO SAS
            Harbortronics, Inc.
            Undagrid B.V.
            Shure Inc
            ERM Electronic Systems LTD
            BIOROWER Handelsagentur GmbH
            Weba Sport und Med. Artikel GmbH
            Kartographers Technologies Pvt. Ltd.
            The Shadow on the Moon
            mobike (Hong Kong) Limited
            Inuheat Group AB
            Swiftronix AB
            Diagnoptics Technologies
            Analog Devices, Inc.
            Soraa Inc.
            CSR Building Products Limited
            Crestron Electronics, Inc.
            Neatebox Ltd
            Draegerwerk AG & Co. KGaA
            AlbynMedical
            Averos FZCO
            VIT Initiative, LLC
            Statsports International
            Sospitas, s.r.o.
            Dmet Products Corp.
            Mantracourt Electronics Limited
            TeAM Hutchins AB
            Seibert Williams Glass, LLC
            Insta GmbH
            Svantek Sp. z o.o.
            Shanghai Flyco Electrical Appliance Co., Ltd.
            Thornwave Labs Inc
            Steiner-Optik GmbH
            Novo Nordisk A/S
            Enflux Inc.
            Safetech Products LLC
            GOOOLED S.R.L.
            DOM Sicherheitstechnik GmbH & Co. KG
            Olympus Corporation
            KTS GmbH
            Anloq Technologies Inc.
            Queercon, Inc
            5th Element Ltd
            Gooee Limited
            LUGLOC LLC
            Blincam, Inc.
            FUJIFILM Corporation
            RM Acquisition LLC
            Franceschi Marina snc
            Engineered Audio, LLC.
            IOTTIVE (OPC) PRIVATE LIMITED
            4MOD Technology
            Lutron Electronics Co., Inc.
            Emerson Electric Co.
            Guardtec, Inc.
            REACTEC LIMITED
            EllieGrid
            Under Armour
            Woodenshark
            Avack Oy
            Smart Solution Technology, Inc.
            REHABTRONICS INC.
            STABILO International
            Busch Jaeger Elektro GmbH
            Pacific Bioscience Laboratories, Inc
            Bird Home Automation GmbH
            Motorola Solutions
            R9 Technology, Inc.
            Auxivia
            DaisyWorks, Inc
            Kosi Limited
            Theben AG
            InDreamer Techsol Private Limited
            Cerevast Medical
            ZanCompute Inc.
            Pirelli Tyre S.P.A.
            McLear Limited
            Shenzhen Goodix Technology Co., Ltd
            Convergence Systems Limited
            Interactio
            Androtec GmbH
            Benchmark Drives GmbH & Co. KG
            SwingLync L. L. C.
            Tapkey GmbH
            Woosim Systems Inc.
            Microsemi Corporation
            Wiliot LTD.
            Polaris IND
            Specifi-Kali LLC
            Locoroll, Inc
            PHYPLUS Inc
            InPlay, Inc.
            Hager
            Yellowcog
            Axes System sp. z o. o.
            Garage Smart, Inc.
            Shake-on B.V.
            Vibrissa Inc.
            OSRAM GmbH
            TRSystems GmbH
            Yichip Microelectronics (Hangzhou) Co.,Ltd.
            Foundation Engineering LLC
            UNI-ELECTRONICS, INC.
            Brookfield Equinox LLC
            Soprod SA
            9974091 Canada Inc.
            FIBRO GmbH
            RB Controls Co., Ltd.
            Footmarks
            Amtronic Sverige AB
            MAMORIO.inc
            Tyto Life LLC
            Leica Camera AG
            Angee Technologies Ltd.
            EDPS
            OFF Line Co., Ltd.
            Detect Blue Limited
            Setec Pty Ltd
            Target Corporation
            IAI Corporation
            NS Tech, Inc.
            MTG Co., Ltd.
            Hangzhou iMagic Technology Co., Ltd
            HONGKONG NANO IC TECHNOLOGIES  CO., LIMITED
            Honeywell International Inc.
            Albrecht JUNG
            Lunera Lighting Inc.
            Lumen UAB
            Keynes Controls Ltd
            Novartis AG
            Geosatis SA
            EXFO, Inc.
            LEDVANCE GmbH
            Center ID Corp.
            Adolene, Inc.
            D&M Holdings Inc.
            CRESCO Wireless, Inc.
            Nura Operations Pty Ltd
            Frontiergadget, Inc.
            Smart Component Technologies Limited
            ZTR Control Systems LLC
            MetaLogics Corporation
            Medela AG
            OPPLE Lighting Co., Ltd
            Savitech Corp.,
            prodigy
            Screenovate Technologies Ltd
            TESA SA
            CLIM8 LIMITED
            Silergy Corp
            SilverPlus, Inc
            Sharknet srl
            Mist Systems, Inc.
            MIWA LOCK CO.,Ltd
            OrthoSensor, Inc.
            Candy Hoover Group s.r.l
            Apexar Technologies S.A.
            LOGICDATA Electronic & Software Entwicklungs GmbH
            Knick Elektronische Messgeraete GmbH & Co. KG
            Smart Technologies and Investment Limited
            Linough Inc.
            Advanced Electronic Designs, Inc.
            Carefree Scott Fetzer Co Inc
            Sensome
            FORTRONIK storitve d.o.o.
            Sinnoz
            Versa Networks, Inc.
            Sylero
            Avempace SARL
            Nintendo Co., Ltd.
            National Instruments
            KROHNE Messtechnik GmbH
            Otodynamics Ltd
            Arwin Technology Limited
            benegear, inc.
            Newcon Optik
            CANDY HOUSE, Inc.
            FRANKLIN TECHNOLOGY INC
            Lely
            Valve Corporation
            Hekatron Vertriebs GmbH
            PROTECH S.A.S. DI GIRARDI ANDREA & C.
            Sarita CareTech APS
            Finder S.p.A.
            Thalmic Labs Inc.
            Steinel Vertrieb GmbH
            Beghelli Spa
            Beijing Smartspace Technologies Inc.
            CORE TRANSPORT TECHNOLOGIES NZ LIMITED
            Xiamen Everesports Goods Co., Ltd
            Bodyport Inc.
            Audionics System, INC.
            Flipnavi Co.,Ltd.
            Rion Co., Ltd.
            Long Range Systems, LLC
            Redmond Industrial Group LLC
            VIZPIN INC.
            BikeFinder AS
            Consumer Sleep Solutions LLC
            PSIKICK, INC.
            AntTail.com
            Lighting Science Group Corp.
            AFFORDABLE ELECTRONICS INC
            Integral Memroy Plc
            Globalstar, Inc.
            True Wearables, Inc.
            Wellington Drive Technologies Ltd
            Ensemble Tech Private Limited
            OMNI Remotes
            Duracell U.S. Operations Inc.
            Toor Technologies LLC
            Instinct Performance
            Beco, Inc
            Scuf Gaming International, LLC
            ARANZ Medical Limited
            LYS TECHNOLOGIES LTD
            Breakwall Analytics, LLC
            Code Blue Communications
            Gira Giersiepen GmbH & Co. KG
            Hearing Lab Technology
            LEGRAND
            Derichs GmbH
            ALT-TEKNIK LLC
            Star Technologies
            START TODAY CO.,LTD.
            Maxim Integrated Products
            Fracarro Radioindustrie SRL
            Jungheinrich Aktiengesellschaft
            Meta Platforms Technologies, LLC
            HENDON SEMICONDUCTORS PTY LTD
            Pur3 Ltd
            Viasat Group S.p.A.
            IZITHERM
            Spaulding Clinical Research
            Kohler Company
            Inor Process AB
            My Smart Blinds
            RadioPulse Inc
            rapitag GmbH
            Lazlo326, LLC.
            Teledyne Lecroy, Inc.
            Dataflow Systems Limited
            Macrogiga Electronics
            Tandem Diabetes Care
            Polycom, Inc.
            Fisher & Paykel Healthcare
            RCP Software Oy
            Shanghai Xiaoyi Technology Co.,Ltd.
            ADHERIUM(NZ) LIMITED
            Axiomware Systems Incorporated
            O. E. M. Controls, Inc.
            Kiiroo BV
            Telecon Mobile Limited
            Sonos Inc
            Tom Allebrandi Consulting
            Monidor
            Tramex Limited
            Nofence AS
            GoerTek Dynaudio Co., Ltd.
            INIA
            CARMATE MFG.CO.,LTD
            OV LOOP, INC.
            NewTec GmbH
            Medallion Instrumentation Systems
            CAREL INDUSTRIES S.P.A.
            Parabit Systems, Inc.
            White Horse Scientific ltd
            verisilicon
            Elecs Industry Co.,Ltd.
            Beijing Pinecone Electronics Co.,Ltd.
            Ambystoma Labs Inc.
            Suzhou Pairlink Network Technology
            igloohome
            Oxford Metrics plc
            Leviton Mfg. Co., Inc.
            ULC Robotics Inc.
            RFID Global by Softwork SrL
            Real-World-Systems Corporation
            Nalu Medical, Inc.
            P.I.Engineering
            Grote Industries
            Runtime, Inc.
            Codecoup sp. z o.o. sp. k.
            SELVE GmbH & Co. KG
            Smart Animal Training Systems, LLC
            Lippert Components, INC
            SOMFY SAS
            TBS Electronics B.V.
            MHL Custom Inc
            LucentWear LLC
            WATTS ELECTRONICS
            RJ Brands LLC
            V-ZUG Ltd
            Biowatch SA
            Anova Applied Electronics
            Lindab AB
            frogblue TECHNOLOGY GmbH
            Acurable Limited
            LAMPLIGHT Co., Ltd.
            TEGAM, Inc.
            Zhuhai Jieli technology Co.,Ltd
            modum.io AG
            Farm Jenny LLC
            Toyo Electronics Corporation
            Applied Neural Research Corp
            Avid Identification Systems, Inc.
            Petronics Inc.
            essentim GmbH
            QT Medical INC.
            VIRTUALCLINIC.DIRECT LIMITED
            Viper Design LLC
            Human, Incorporated
            stAPPtronics GmbH
            Elemental Machines, Inc.
            Taiyo Yuden Co., Ltd
            INEO ENERGY& SYSTEMS
            Motion Instruments Inc.
            PressurePro
            COWBOY
            iconmobile GmbH
            ACS-Control-System GmbH
            Bayerische Motoren Werke AG
            Gycom Svenska AB
            Fuji Xerox Co., Ltd
            Wristcam Inc.
            SIKOM AS
            beken
            The Linux Foundation
            Try and E CO.,LTD.
            SeeScan
            Clearity, LLC
            GS TAG
            DPTechnics
            TRACMO, INC.
            Anki Inc.
            Hagleitner Hygiene International GmbH
            Konami Sports Life Co., Ltd.
            Arblet Inc.
            Masbando GmbH
            Innoseis
            Niko nv
            Wellnomics Ltd
            iRobot Corporation
            Schrader Electronics
            Geberit International AG
            Fourth Evolution Inc
            Cell2Jack LLC
            FMW electronic Futterer u. Maier-Wolf OHG
            John Deere
            Rookery Technology Ltd
            KeySafe-Cloud
            BUCHI Labortechnik AG
            IQAir AG
            Triax Technologies Inc
            Vuzix Corporation
            TDK Corporation
            Blueair AB
            Signify Netherlands B.V.
            ADH GUARDIAN USA LLC
            Beurer GmbH
            Playfinity AS
            Hans Dinslage GmbH
            OnAsset Intelligence, Inc.
            INTER ACTION Corporation
            OS42 UG (haftungsbeschraenkt)
            WIZCONNECTED COMPANY LIMITED
            Audio-Technica Corporation
            Six Guys Labs, s.r.o.
            R.W. Beckett Corporation
            silex technology, inc.
            Univations Limited
            SENS Innovation ApS
            Diamond Kinetics, Inc.
            Phrame Inc.
            Forciot Oy
            Noordung d.o.o.
            Beam Labs, LLC
            Philadelphia Scientific (U.K.) Limited
            Biovotion AG
            Square Panda, Inc.
            Amplifico
            WEG S.A.
            Ensto Oy
            PHONEPE PVT LTD
            Lunatico Astronomia SL
            MinebeaMitsumi Inc.
            ASPion GmbH
            Vossloh-Schwabe Deutschland GmbH
            Procept
            ONKYO Corporation
            Asthrea D.O.O.
            Fortiori Design LLC
            Hugo Muller GmbH & Co KG
            Wangi Lai PLT
            Fanstel Corp
            Crookwood
            ELECTRONICA INTEGRAL DE SONIDO S.A.
            GiP Innovation Tools GmbH
            LX SOLUTIONS PTY LIMITED
            Shenzhen Minew Technologies Co., Ltd.
            Prolojik Limited
            Kromek Group Plc
            Contec Medical Systems Co., Ltd.
            Xradio Technology Co.,Ltd.
            The Indoor Lab, LLC
            LDL TECHNOLOGY
            Dish Network LLC
            Revenue Collection Systems FRANCE SAS
            Bluetrum Technology Co.,Ltd
            makita corporation
            Apogee Instruments
            BM3
            SGV Group Holding GmbH & Co. KG
            MED-EL
            Ultune Technologies
            Ryeex Technology Co.,Ltd.
            Open Research Institute, Inc.
            Scale-Tec, Ltd
            Zumtobel Group AG
            iLOQ Oy
            KRUXWorks Technologies Private Limited
            Digital Matter Pty Ltd
            Coravin, Inc.
            Stasis Labs, Inc.
            ITZ Innovations- und Technologiezentrum GmbH
            Meggitt SA
            Ledlenser GmbH & Co. KG
            Renishaw PLC
            ZhuHai AdvanPro Technology Company Limited
            Meshtronix Limited
            Payex Norge AS
            UnSeen Technologies Oy
            Zound Industries International AB
            Sesam Solutions BV
            PixArt Imaging Inc.
            Panduit Corp.
            Alo AB
            Ricoh Company Ltd
            RTC Industries, Inc.
            Mode Lighting Limited
            Particle Industries, Inc.
            Advanced Telemetry Systems, Inc.
            RHA TECHNOLOGIES LTD
            Pure International Limited
            WTO Werkzeug-Einrichtungen GmbH
            Spark Technology Labs Inc.
            Bleb Technology srl
            Livanova USA, Inc.
            Brady Worldwide Inc.
            DewertOkin GmbH
            Ztove ApS
            Venso EcoSolutions AB
            Eurotronik Kranj d.o.o.
            Hug Technology Ltd
            Gema Switzerland GmbH
            Buzz Products Ltd.
            Kopi
            Innova Ideas Limited
            BeSpoon
            Deco Enterprises, Inc.
            Expai Solutions Private Limited
            Innovation First, Inc.
            SABIK Offshore GmbH
            4iiii Innovations Inc.
            The Energy Conservatory, Inc.
            I.FARM, INC.
            Tile, Inc.
            Form Athletica Inc.
            MbientLab Inc
            NETGRID S.N.C. DI BISSOLI MATTEO, CAMPOREALE SIMONE, TOGNETTI FEDERICO
            Mannkind Corporation
            Trade FIDES a.s.
            Photron Limited
            Eltako GmbH
            Dermalapps, LLC
            Greenwald Industries
            inQs Co., Ltd.
            Cherry GmbH
            Amsted Digital Solutions Inc.
            Tacx b.v.
            Raytac Corporation
            Jiangsu Teranovo Tech Co., Ltd.
            Changzhou Sound Dragon Electronics and Acoustics Co., Ltd
            JetBeep Inc.
            Razer Inc.
            JRM Group Limited
            Eccrine Systems, Inc.
            Curie Point AB
            Georg Fischer AG
            Hach - Danaher
            T&A Laboratories LLC
            Koki Holdings Co., Ltd.
            Gunakar Private Limited
            Stemco Products Inc
            Wood IT Security, LLC
            RandomLab SAS
            Adero, Inc.
            Dragonchip Limited
            Noomi AB
            Vakaros LLC
            Delta Electronics, Inc.
            FlowMotion Technologies AS
            OBIQ Location Technology Inc.
            Cardo Systems, Ltd
            Globalworx GmbH
            Nymbus, LLC
            LIMNO Co. Ltd.
            TEKZITEL PTY LTD
            Roambee Corporation
            Chipsea Technologies (ShenZhen) Corp.
            GD Midea Air-Conditioning Equipment Co., Ltd.
            Soundmax Electronics Limited
            Produal Oy
            HMS Industrial Networks AB
            Ingchips Technology Co., Ltd.
            InnovaSea Systems Inc.
            SenseQ Inc.
            Shoof Technologies
            BRK Brands, Inc.
            SimpliSafe, Inc.
            Tussock Innovation 2013 Limited
            The Hablab ApS
            Sencilion Oy
            Wabilogic Ltd.
            Sociometric Solutions, Inc.
            iCOGNIZE GmbH
            ShadeCraft, Inc
            Beflex Inc.
            Beaconzone Ltd
            Leaftronix Analogic Solutions Private Limited
            TWS Srl
            ABB Oy
            HitSeed Oy
            Delcom Products Inc.
            CAME S.p.A.
            Alarm.com Holdings, Inc
            Measurlogic Inc.
            King I Electronics.Co.,Ltd
            Dream Labs GmbH
            Urban Compass, Inc
            Simm Tronic Limited
            Somatix Inc
            Storz & Bickel GmbH & Co. KG
            MYLAPS B.V.
            Shenzhen Zhongguang Infotech Technology Development Co., Ltd
            Dyeware, LLC
            Dongguan SmartAction Technology Co.,Ltd.
            DIG Corporation
            FIOR & GENTZ
            Belparts N.V.
            Etekcity Corporation
            Meyer Sound Laboratories, Incorporated
            CeoTronics AG
            TriTeq Lock and Security, LLC
            DYNAKODE TECHNOLOGY PRIVATE LIMITED
            Sensirion AG
            JCT Healthcare Pty Ltd
            FUBA Automotive Electronics GmbH
            AW Company
            Shanghai Mountain View Silicon Co.,Ltd.
            Zliide Technologies ApS
            Automatic Labs, Inc.
            Industrial Network Controls, LLC
            Intellithings Ltd.
            Navcast, Inc.
            HLI Solutions Inc.
            Avaya Inc.
            Milestone AV Technologies LLC
            Alango Technologies Ltd
            Spinlock Ltd
            Aluna
            OPTEX CO.,LTD.
            NIHON DENGYO KOUSAKU
            VELUX A/S
            Almendo Technologies GmbH
            Zmartfun Electronics, Inc.
            SafeLine Sweden AB
            Houston Radar LLC
            Sigur
            J Neades Ltd
            Avantis Systems Limited
            ALCARE Co., Ltd.
            Chargy Technologies, SL
            Shibutani Co., Ltd.
            Trapper Data AB
            Alfred International Inc.
            Touché Technology Ltd
            Vigil Technologies Inc.
            Vitulo Plus BV
            WILKA Schliesstechnik GmbH
            BodyPlus Technology Co.,Ltd
            happybrush GmbH
            Enequi AB
            Sartorius AG
            Tom Communication Industrial Co.,Ltd.
            ESS Embedded System Solutions Inc.
            Mahr GmbH
            Redpine Signals Inc
            TraqFreq LLC
            PAFERS TECH
            Akciju sabiedriba \"SAF TEHNIKA\"
            Beijing Jingdong Century Trading Co., Ltd.
            JBX Designs Inc.
            AB Electrolux
            Wernher von Braun Center for ASdvanced Research
            Essity Hygiene and Health Aktiebolag
            Be Interactive Co., Ltd
            Carewear Corp.
            Huf Hülsbeck & Fürst GmbH & Co. KG
            Element Products, Inc.
            Beijing Winner Microelectronics Co.,Ltd
            SmartSnugg Pty Ltd
            FiveCo Sarl
            California Things Inc.
            Audiodo AB
            ABAX AS
            Bull Group Company Limited
            Respiri Limited
            MindPeace Safety LLC
            MBARC LABS Inc
            Altonics
            iQsquare BV
            IDIBAIX enginneering
            COREIOT PTY LTD
            REVSMART WEARABLE HK CO LTD
            Precor
            F5 Sports, Inc
            exoTIC Systems
            DONGGUAN HELE ELECTRONICS CO., LTD
            Dongguan Liesheng Electronic Co.Ltd
            Oculeve, Inc.
            Clover Network, Inc.
            Xiamen Eholder Electronics Co.Ltd
            Ford Motor Company
            Guangzhou SuperSound Information Technology Co.,Ltd
            Tedee Sp. z o.o.
            PHC Corporation
            STALKIT AS
            Eli Lilly and Company
            SwaraLink Technologies
            JMR embedded systems GmbH
            Bitkey Inc.
            GWA Hygiene GmbH
            Safera Oy
            Open Platform Systems LLC
            OnePlus Electronics (Shenzhen) Co., Ltd.
            Wildlife Acoustics, Inc.
            ABLIC Inc.
            Dairy Tech, Inc.
            Iguanavation, Inc.
            DiUS Computing Pty Ltd
            UpRight Technologies LTD
            Luna XIO, Inc.
            LLC Navitek
            Glass Security Pte Ltd
            Jiangsu Qinheng Co., Ltd.
            Chandler Systems Inc.
            Fantini Cosmi s.p.a.
            Acubit ApS
            Beijing Hao Heng Tian Tech Co., Ltd.
            Bluepack S.R.L.
            Beijing Unisoc Technologies Co., Ltd.
            HITIQ LIMITED
            MAC SRL
            DML LLC
            Sanofi
            SOCOMEC
            WIZNOVA, Inc.
            Seitec Elektronik GmbH
            OR Technologies Pty Ltd
            GuangZhou KuGou Computer Technology Co.Ltd
            DIAODIAO (Beijing) Technology Co., Ltd.
            Illusory Studios LLC
            Sarvavid Software Solutions LLP
            iopool s.a.
            Amtech Systems, LLC
            EAGLE DETECTION SA
            MEDIATECH S.R.L.
            Hamilton Professional Services of Canada Incorporated
            Changsha JEMO IC Design Co.,Ltd
            Elatec GmbH
            JLG Industries, Inc.
            Michael Parkin
            Brother Industries, Ltd
            Lumens For Less, Inc
            ELA Innovation
            umanSense AB
            Shanghai InGeek Cyber Security Co., Ltd.
            HARMAN CO.,LTD.
            Smart Sensor Devices AB
            Antitronics Inc.
            RHOMBUS SYSTEMS, INC.
            Katerra Inc.
            Remote Solution Co., LTD.
            Vimar SpA
            Mantis Tech LLC
            TerOpta Ltd
            PIKOLIN S.L.
            WWZN Information Technology Company Limited
            Voxx International
            ART AND PROGRAM, INC.
            NITTO DENKO ASIA TECHNICAL CENTRE PTE. LTD.
            Peloton Interactive Inc.
            Force Impact Technologies
            Dmac Mobile Developments, LLC
            Engineered Medical Technologies
            Noodle Technology inc
            Graesslin GmbH
            WuQi technologies, Inc.
            Successful Endeavours Pty Ltd
            InnoCon Medical ApS
            Corvex Connected Safety
            Thirdwayv Inc.
            Echoflex Solutions Inc.
            C-MAX Asia Limited
            4eBusiness GmbH
            Cyber Transport Control GmbH
            Cue
            KOAMTAC INC.
            Loopshore Oy
            Niruha Systems Private Limited
            AmaterZ, Inc.
            radius co., ltd.
            Sensority, s.r.o.
            Sparkage Inc.
            Glenview Software Corporation
            Finch Technologies Ltd.
            Qingping Technology (Beijing) Co., Ltd.
            DeviceDrive AS
            ESEMBER LIMITED LIABILITY COMPANY
            audifon GmbH & Co. KG
            O2 Micro, Inc.
            HLP Controls Pty Limited
            Pangaea Solution
            BubblyNet, LLC
            PCB Piezotronics, Inc.
            The Wildflower Foundation
            Optikam Tech Inc.
            MINIBREW HOLDING B.V
            Cybex GmbH
            FUJIMIC NIIGATA, INC.
            Hanna Instruments, Inc.
            KOMPAN A/S
            Scosche Industries, Inc.
            Cricut, Inc.
            AEV spol. s r.o.
            The Coca-Cola Company
            GASTEC CORPORATION
            StarLeaf Ltd
            Water-i.d. GmbH
            HoloKit, Inc.
            PlantChoir Inc.
            GuangDong Oppo Mobile Telecommunications Corp., Ltd.
            CST ELECTRONICS (PROPRIETARY) LIMITED
            Sky UK Limited
            Digibale Pty Ltd
            Smartloxx GmbH
            Pune Scientific LLP
            Regent Beleuchtungskorper AG
            Apollo Neuroscience, Inc.
            Roku, Inc.
            Comcast Cable
            Xiamen Mage Information Technology Co., Ltd.
            RAB Lighting, Inc.
            Musen Connect, Inc.
            Zume, Inc.
            conbee GmbH
            Bruel & Kjaer Sound & Vibration
            The Kroger Co.
            Granite River Solutions, Inc.
            LoupeDeck Oy
            New H3C Technologies Co.,Ltd
            Aurea Solucoes Tecnologicas Ltda.
            Hong Kong Bouffalo Lab Limited
            GV Concepts Inc.
            Thomas Dynamics, LLC
            Moeco IOT Inc.
            2N TELEKOMUNIKACE a.s.
            Hormann KG Antriebstechnik
            CRONO CHIP, S.L.
            Soundbrenner Limited
            ETABLISSEMENTS GEORGES RENAULT
            iSwip
            Epona Biotec Limited
            Battery-Biz Inc.
            EPIC S.R.L.
            KD CIRCUITS LLC
            Genedrive Diagnostics Ltd
            Axentia Technologies AB
            REGULA Ltd.
            Biral AG
            A.W. Chesterton Company
            Radinn AB
            CIMTechniques, Inc.
            Johnson Health Tech NA
            June Life, Inc.
            Bluenetics GmbH
            iaconicDesign Inc.
            WRLDS Creations AB
            Skullcandy, Inc.
            Modul-System HH AB
            West Pharmaceutical Services, Inc.
            Barnacle Systems Inc.
            Smart Wave Technologies Canada Inc
            Shanghai Top-Chip Microelectronics Tech. Co., LTD
            NeoSensory, Inc.
            Hangzhou Tuya Information  Technology Co., Ltd
            Shanghai Panchip Microelectronics Co., Ltd
            React Accessibility Limited
            LIVNEX Co.,Ltd.
            Kano Computing Limited
            hoots classic GmbH
            ecobee Inc.
            Nanjing Qinheng Microelectronics Co., Ltd
            SOLUTIONS AMBRA INC.
            Micro-Design, Inc.
            STARLITE Co., Ltd.
            Remedee Labs
            ThingOS GmbH & Co KG
            Linear Circuits
            Unlimited Engineering SL
            Snap-on Incorporated
            Edifier International Limited
            Lucie Labs
            Alfred Kaercher SE & Co. KG
            Airoha Technology Corp.
            Geeksme S.L.
            Minut, Inc.
            Waybeyond Limited
            Komfort IQ, Inc.
            Packetcraft, Inc.
            Häfele GmbH & Co KG
            ShapeLog, Inc.
            NOVABASE S.R.L.
            Frecce LLC
            Joule IQ, INC.
            KidzTek LLC
            Aktiebolaget Sandvik Coromant
            e-moola.com Pty Ltd
            Zimi Innovations Pty Ltd
            SERENE GROUP, INC
            DIGISINE ENERGYTECH CO. LTD.
            MEDIRLAB Orvosbiologiai Fejleszto Korlatolt Felelossegu Tarsasag
            Byton North America Corporation
            Shenzhen TonliScience and Technology Development Co.,Ltd
            Cesar Systems Ltd.
            quip NYC Inc.
            Direct Communication Solutions, Inc.
            Klipsch Group, Inc.
            Access Co., Ltd
            Renault SA
            JSK CO., LTD.
            BIROTA
            maxon motor ltd.
            Optek
            CRONUS ELECTRONICS LTD
            NantSound, Inc.
            Domintell s.a.
            Andon Health Co.,Ltd
            Urbanminded Ltd
            TYRI Sweden AB
            ECD Electronic Components GmbH Dresden
            SISTEMAS KERN, SOCIEDAD ANÓMINA
            Trulli Audio
            Altaneos
            Nanoleaf Canada Limited
            Ingy B.V.
            Azbil Co.
            TATTCOM LLC
            Paradox Engineering SA
            LECO Corporation
            Becker Antriebe GmbH
            Mstream Technologies., Inc.
            Flextronics International USA Inc.
            Ossur hf.
            SKC Inc
            SPICA SYSTEMS LLC
            Wangs Alliance Corporation
            tatwah SA
            Hunter Douglas Inc
            Shenzhen Conex
            DIM3
            Bobrick Washroom Equipment, Inc.
            Potrykus Holdings and Development LLC
            iNFORM Technology GmbH
            eSenseLab LTD
            Brilliant Home Technology, Inc.
            INOVA Geophysical, Inc.
            adafruit industries
            Nexite Ltd
            8Power Limited
            CME PTE. LTD.
            Hyundai Motor Company
            Kickmaker
            Shanghai Suisheng Information Technology Co., Ltd.
            HEXAGON METROLOGY DIVISION ROMER
            Mitutoyo Corporation
            shenzhen fitcare electronics Co.,Ltd
            INGICS TECHNOLOGY CO., LTD.
            INCUS PERFORMANCE LTD.
            ABB S.p.A.
            Blippit AB
            Core Health and Fitness LLC
            Foxble, LLC
            Intermotive,Inc.
            Conneqtech B.V.
            RIKEN KEIKI CO., LTD.,
            Canopy Growth Corporation
            Bitwards Oy
            vivo Mobile Communication Co., Ltd.
            Etymotic Research, Inc.
            A puissance 3
            BPW Bergische Achsen Kommanditgesellschaft
            Piaggio Fast Forward
            BeerTech LTD
            Tokenize, Inc.
            Zorachka LTD
            D-Link Corp.
            Down Range Systems LLC
            General Luminaire (Shanghai) Co., Ltd.
            Tangshan HongJia electronic technology co., LTD.
            FRAGRANCE DELIVERY TECHNOLOGIES LTD
            Pepperl + Fuchs GmbH
            Dometic Corporation
            USound GmbH
            DNANUDGE LIMITED
            JUJU JOINTS CANADA CORP.
            Dopple Technologies B.V.
            ARCOM
            Biotechware SRL
            ORSO Inc.
            SafePort
            Carol Cole Company
            Embedded Fitness B.V.
            Yealink (Xiamen) Network Technology Co.,LTD
            Subeca, Inc.
            Cognosos, Inc.
            Pektron Group Limited
            Tap Sound System
            Helios Sports, Inc.
            Canopy Growth Corporation
            Parsyl Inc
            SOUNDBOKS
            BlueUp
            DAKATECH
            Nisshinbo Micro Devices Inc.
            ACOS CO.,LTD.
            Guilin Zhishen Information Technology Co.,Ltd.
            Krog Systems LLC
            COMPEGPS TEAM,SOCIEDAD LIMITADA
            Alflex Products B.V.
            SmartSensor Labs Ltd
            SmartDrive
            Yo-tronics Technology Co., Ltd.
            Rafaelmicro
            Emergency Lighting Products Limited
            LAONZ Co.,Ltd
            Western Digital Techologies, Inc.
            WIOsense GmbH & Co. KG
            EVVA Sicherheitstechnologie GmbH
            Odic Incorporated
            Pacific Track, LLC
            Revvo Technologies, Inc.
            Biometrika d.o.o.
            Vorwerk Elektrowerke GmbH & Co. KG
            Trackunit A/S
            Wyze Labs, Inc
            Dension Elektronikai Kft.
            11 Health & Technologies Limited
            Innophase Incorporated
            Treegreen Limited
            Berner International LLC
            SmartResQ ApS
            Tome, Inc.
            The Chamberlain Group, Inc.
            MIZUNO Corporation
            ZRF, LLC
            BYSTAMP
            Crosscan GmbH
            Konftel AB
            1bar.net Limited
            Phillips Connect Technologies LLC
            imagiLabs AB
            Optalert
            PSYONIC, Inc.
            Wintersteiger AG
            Controlid Industria, Comercio de Hardware e Servicos de Tecnologia Ltda
            LEVOLOR INC
            Movella Technologies B.V.
            Hydro-Gear Limited Partnership
            EnPointe Fencing Pty Ltd
            XANTHIO
            sclak s.r.l.
            Tricorder Arraay Technologies LLC
            GB Solution co.,Ltd
            Soliton Systems K.K.
            GIGA-TMS INC
            Tait International Limited
            NICHIEI INTEC CO., LTD.
            SmartWireless GmbH & Co. KG
            Ingenieurbuero Birnfeld UG (haftungsbeschraenkt)
            Maytronics Ltd
            EPIFIT
            Gimer medical
            Nokian Renkaat Oyj
            Current Lighting Solutions LLC
            Sensibo, Inc.
            SFS unimarket AG
            Private limited company \"Teltonika\"
            Saucon Technologies
            Embedded Devices Co. Company
            J-J.A.D.E. Enterprise LLC
            i-SENS, inc.
            Witschi Electronic Ltd
            Aclara Technologies LLC
            EXEO TECH CORPORATION
            Epic Systems Co., Ltd.
            Hoffmann SE
            Realme Chongqing Mobile Telecommunications Corp., Ltd.
            UMEHEAL Ltd
            Intelligenceworks Inc.
            TGR 1.618 Limited
            Shanghai Kfcube Inc
            Fraunhofer IIS
            SZ DJI TECHNOLOGY CO.,LTD
            Coburn Technology, LLC
            Topre Corporation
            Kayamatics Limited
            Moticon ReGo AG
            Polidea Sp. z o.o.
            Trivedi Advanced Technologies LLC
            CORE|vision BV
            PF SCHWEISSTECHNOLOGIE GMBH
            IONIQ Skincare GmbH & Co. KG
            Sengled Co., Ltd.
            TransferFi
            Boehringer Ingelheim Vetmedica GmbH
            ABB Inc
            Check Technology Solutions LLC
            U-Shin Ltd.
            HYPER ICE, INC.
            Tokai-rika co.,ltd.
            Prevayl Limited
            bf1systems limited
            ubisys technologies GmbH
            SIRC Co., Ltd.
            Accent Advanced Systems SLU
            Rayden.Earth LTD
            Lindinvent AB
            CHIPOLO d.o.o.
            CellAssist, LLC
            J. Wagner GmbH
            Integra Optics Inc
            Monadnock Systems Ltd.
            Liteboxer Technologies Inc.
            Noventa AG
            Nubia Technology Co.,Ltd.
            JT INNOVATIONS LIMITED
            TGM TECHNOLOGY CO., LTD.
            ifly
            ZIMI CORPORATION
            betternotstealmybike UG (with limited liability)
            ESTOM Infotech Kft.
            Sensovium Inc.
            Virscient Limited
            Novel Bits, LLC
            ADATA Technology Co., LTD.
            KEYes
            Nome Oy
            Inovonics Corp
            WARES
            Pointr Labs Limited
            Miridia Technology Incorporated
            Tertium Technology
            SHENZHEN AUKEY E BUSINESS CO., LTD
            code-Q
            TE Connectivity Corporation
            IRIS OHYAMA CO.,LTD.
            Philia Technology
            KOZO KEIKAKU ENGINEERING Inc.
            Shenzhen Simo Technology co. LTD
            Republic Wireless, Inc.
            Rashidov ltd
            Crowd Connected Ltd
            Eneso Tecnologia de Adaptacion S.L.
            Barrot Technology Co.,Ltd.
            Naonext
            Taiwan Intelligent Home Corp.
            COWBELL ENGINEERING CO.,LTD.
            Beijing Big Moment Technology Co., Ltd.
            Denso Corporation
            IMI Hydronic Engineering International SA
            Askey Computer Corp.
            Cumulus Digital Systems, Inc
            Joovv, Inc.
            The L.S. Starrett Company
            Microoled
            PSP - Pauli Services & Products GmbH
            Kodimo Technologies Company Limited
            Tymtix Technologies Private Limited
            Dermal Photonics Corporation
            MTD Products Inc & Affiliates
            instagrid GmbH
            Spacelabs Medical Inc.
            Troo Corporation
            Darkglass Electronics Oy
            Hill-Rom
            BioIntelliSense, Inc.
            Ketronixs Sdn Bhd
            Plastimold Products, Inc
            Beijing Zizai Technology Co., LTD.
            Lucimed
            TSC Auto-ID Technology Co., Ltd.
            DATAMARS, Inc.
            SUNCORPORATION
            Yandex Services AG
            Scope Logistical Solutions
            User Hello, LLC
            Pinpoint Innovations Limited
            70mai Co.,Ltd.
            Zhuhai Hoksi Technology CO.,LTD
            EMBR labs, INC
            Radiawave Technologies Co.,Ltd.
            IOT Invent GmbH
            OPTIMUSIOT TECH LLP
            VC Inc.
            ASR Microelectronics (Shanghai) Co., Ltd.
            Douglas Lighting Controls Inc.
            Nerbio Medical Software Platforms Inc
            Braveheart Wireless, Inc.
            INEO-SENSE
            Honda Motor Co., Ltd.
            Ambient Sensors LLC
            ASR Microelectronics(ShenZhen)Co., Ltd.
            Technosphere Labs Pvt. Ltd.
            NO SMD LIMITED
            Albertronic BV
            Luminostics, Inc.
            Oblamatik AG
            Innokind, Inc.
            Melbot Studios, Sociedad Limitada
            Myzee Technology
            Omnisense Limited
            KAHA PTE. LTD.
            Shanghai MXCHIP Information Technology Co., Ltd.
            JSB TECH PTE LTD
            Fundacion Tecnalia Research and Innovation
            Yukai Engineering Inc.
            Gooligum Technologies Pty Ltd
            ROOQ GmbH
            AiRISTA
            Qingdao Haier Technology Co., Ltd.
            Sappl Verwaltungs- und Betriebs GmbH
            TekHome
            PCI Private Limited
            Leggett & Platt, Incorporated
            PS GmbH
            C.O.B.O. SpA
            James Walker RotaBolt Limited
            BREATHINGS Co., Ltd.
            BarVision, LLC
            SRAM
            KiteSpring Inc.
            Reconnect, Inc.
            Elekon AG
            RealThingks GmbH
            Henway Technologies, LTD.
            ASTEM Co.,Ltd.
            LinkedSemi Microelectronics (Xiamen) Co., Ltd
            ENSESO LLC
            Xenoma Inc.
            Adolf Wuerth GmbH & Co KG
            Catalyft Labs, Inc.
            JEPICO Corporation
            Hero Workout GmbH
            Rivian Automotive, LLC
            TRANSSION HOLDINGS LIMITED
            Reserved
            Agitron d.o.o.
            Globe (Jiangsu) Co., Ltd
            AMC International Alfa Metalcraft Corporation AG
            First Light Technologies Ltd.
            Wearable Link Limited
            Metronom Health Europe
            Zwift, Inc.
            Kindeva Drug Delivery L.P.
            GimmiSys GmbH
            tkLABS INC.
            PassiveBolt, Inc.
            Limited Liability Company \"Mikrotikls\"
            Capetech
            PPRS
            Apptricity Corporation
            LogiLube, LLC
            Julbo
            Breville Group
            Kerlink
            Ohsung Electronics
            ZTE Corporation
            HerdDogg, Inc
            Selekt Bilgisayar, lletisim Urunleri lnsaat Sanayi ve Ticaret Limited Sirketi
            Lismore Instruments Limited
            LogiLube, LLC
            Electronic Theatre Controls
            BioEchoNet inc.
            NUANCE HEARING LTD
            Sena Technologies Inc.
            Linkura AB
            GL Solutions K.K.
            Moonbird BV
            Countrymate Technology Limited
            Asahi Kasei Corporation
            PointGuard, LLC
            Neo Materials and Consulting Inc.
            Actev Motors, Inc.
            Woan Technology (Shenzhen) Co., Ltd.
            dricos, Inc.
            Guide ID B.V.
            9374-7319 Quebec inc
            Gunwerks, LLC
            Band Industries, inc.
            Lund Motion Products, Inc.
            IBA Dosimetry GmbH
            GA
            Closed Joint Stock Company \"Zavod Flometr\" (\"Zavod Flometr\" CJSC)
            Popit Oy
            ABEYE
            BlueIOT(Beijing) Technology Co.,Ltd
            Fauna Audio GmbH
            TOYOTA motor corporation
            ZifferEins GmbH & Co. KG
            BIOTRONIK SE & Co. KG
            CORE CORPORATION
            CTEK Sweden AB
            Thorley Industries, LLC
            CLB B.V.
            SonicSensory Inc
            ISEMAR S.R.L.
            DEKRA TESTING AND CERTIFICATION, S.A.U.
            Bernard Krone Holding SE & Co.KG
            ELPRO-BUCHS AG
            Feedback Sports LLC
            TeraTron GmbH
            Lumos Health Inc.
            Cello Hill, LLC
            TSE BRAKES, INC.
            BHM-Tech Produktionsgesellschaft m.b.H
            WIKA Alexander Wiegand SE & Co.KG
            Biovigil
            Mequonic Engineering, S.L.
            bGrid B.V.
            C3-WIRELESS, LLC
            ADVEEZ
            Aktiebolaget Regin
            Anton Paar GmbH
            Telenor ASA
            Big Kaiser Precision Tooling Ltd
            Absolute Audio Labs B.V.
            VT42 Pty Ltd
            Bronkhorst High-Tech B.V.
            C. & E. Fein GmbH
            NextMind
            Pixie Dust Technologies, Inc.
            eTactica ehf
            New Audio LLC
            Sendum Wireless Corporation
            deister electronic GmbH
            YKK AP Inc.
            Step One Limited
            Koya Medical, Inc.
            Proof Diagnostics, Inc.
            VOS Systems, LLC
            ENGAGENOW DATA SCIENCES PRIVATE LIMITED
            ARDUINO SA
            KUMHO ELECTRICS, INC
            Security Enhancement Systems, LLC
            BEIJING ELECTRIC VEHICLE CO.,LTD
            Paybuddy ApS
            KHN Solutions LLC
            Nippon Ceramic Co.,Ltd.
            PHOTODYNAMIC INCORPORATED
            DashLogic, Inc.
            Ambiq
            Narhwall Inc.
            Pozyx NV
            ifLink Open Community
            Deublin Company, LLC
            BLINQY
            DYPHI
            BlueX Microelectronics Corp Ltd.
            PentaLock Aps.
            AUTEC Gesellschaft fuer Automationstechnik mbH
            Pegasus Technologies, Inc.
            Bout Labs, LLC
            PlayerData Limited
            SAVOY ELECTRONIC LIGHTING
            Elimo Engineering Ltd
            SkyStream Corporation
            Aerosens LLC
            Centre Suisse d'Electronique et de Microtechnique SA
            Vessel Ltd.
            Span.IO, Inc.
            AnotherBrain inc.
            Rosewill
            Universal Audio, Inc.
            JAPAN TOBACCO INC.
            UVISIO
            HungYi Microelectronics Co.,Ltd.
            Honor Device Co., Ltd.
            Combustion, LLC
            XUNTONG
            CrowdGlow Ltd
            Mobitrace
            Hx Engineering, LLC
            Senso4s d.o.o.
            Blyott
            Julius Blum GmbH
            BlueStreak IoT, LLC
            Chess Wise B.V.
            ABLEPAY TECHNOLOGIES AS
            Temperature Sensitive Solutions Systems Sweden AB
            HeartHero, inc.
            ORBIS Inc.
            GEAR RADIO ELECTRONICS CORP.
            EAR TEKNIK ISITME VE ODIOMETRI CIHAZLARI SANAYI VE TICARET ANONIM SIRKETI
            Coyotta
            Synergy Tecnologia em Sistemas Ltda
            VivoSensMedical GmbH
            Nagravision SA
            Bionic Avionics Inc.
            AON2 Ltd.
            Innoware Development AB
            JLD Technology Solutions, LLC
            Magnus Technology Sdn Bhd
            Preddio Technologies Inc.
            Tag-N-Trac Inc
            Wuhan Linptech Co.,Ltd.
            Friday Home Aps
            CPS AS
            Mobilogix
            Masonite Corporation
            Kabushikigaisha HANERON
            Melange Systems Pvt. Ltd.
            LumenRadio AB
            Athlos Oy
            KEAN ELECTRONICS PTY LTD
            Yukon advanced optics worldwide, UAB
            Sibel Inc.
            OJMAR SA
            Steinel Solutions AG
            WatchGas B.V.
            OM Digital Solutions Corporation
            Audeara Pty Ltd
            Beijing Zero Zero Infinity Technology Co.,Ltd.
            Spectrum Technologies, Inc.
            OKI Electric Industry Co., Ltd
            Mobile Action Technology Inc.
            SENSATEC Co., Ltd.
            R.O. S.R.L.
            Hangzhou Yaguan Technology Co. LTD
            Listen Technologies Corporation
            TOITU CO., LTD.
            Confidex
            Keep Technologies, Inc.
            Lichtvision Engineering GmbH
            AIRSTAR
            Ampler Bikes OU
            Cleveron AS
            Ayxon-Dynamics GmbH
            donutrobotics Co., Ltd.
            Flosonics Medical
            Southwire Company, LLC
            Shanghai wuqi microelectronics Co.,Ltd
            Reflow Pty Ltd
            Oras Oy
            ECCT
            Volan Technology Inc.
            SIANA Systems
            Shanghai Yidian Intelligent Technology Co., Ltd.
            Blue Peacock GmbH
            Roland Corporation
            LIXIL Corporation
            SUBARU Corporation
            Sensolus
            Dyson Technology Limited
            Tec4med LifeScience GmbH
            CROXEL, INC.
            Syng Inc
            RIDE VISION LTD
            Plume Design Inc
            Cambridge Animal Technologies Ltd
            Maxell, Ltd.
            Link Labs, Inc.
            Embrava Pty Ltd
            INPEAK S.C.
            API-K
            CombiQ AB
            DeVilbiss Healthcare LLC
            Jiangxi Innotech Technology Co., Ltd
            Apollogic Sp. z o.o.
            DAIICHIKOSHO CO., LTD.
            BIXOLON CO.,LTD
            Atmosic Technologies, Inc.
            Eran Financial Services LLC
            Louis Vuitton
            AYU DEVICES PRIVATE LIMITED
            NanoFlex Power Corporation
            Worthcloud Technology Co.,Ltd
            Yamaha Corporation
            PaceBait IVS
            Shenzhen H&T Intelligent Control Co., Ltd
            Shenzhen Feasycom Technology Co., Ltd.
            Zuma Array Limited
            Instamic, Inc.
            Air-Weigh
            Nevro Corp.
            Pinnacle Technology, Inc.
            WMF AG
            Luxer Corporation
            safectory GmbH
            NGK SPARK PLUG CO., LTD.
            2587702 Ontario Inc.
            Bouffalo Lab (Nanjing)., Ltd.
            BLUETICKETING SRL
            Incotex Co. Ltd.
            Galileo Technology Limited
            Siteco GmbH
            DELABIE
            Hefei Yunlian Semiconductor Co., Ltd
            Shenzhen Yopeak Optoelectronics Technology Co., Ltd.
            GEWISS S.p.A.
            OPEX Corporation
            Motionalysis, Inc.
            Busch Systems International Inc.
            Novidan, Inc.
            3SI Security Systems, Inc
            Beijing HC-Infinite Technology Limited
            The Wand Company Ltd
            JRC Mobility Inc.
            Venture Research Inc.
            Map Large, Inc.
            MistyWest Energy and Transport Ltd.
            SiFli Technologies (shanghai) Inc.
            Lockn Technologies Private Limited
            Toytec Corporation
            VANMOOF Global Holding B.V.
            Nextscape Inc.
            CSIRO
            Follow Sense Europe B.V.
            KKM COMPANY LIMITED
            SQL Technologies Corp.
            Inugo Systems Limited
            ambie
            Meizhou Guo Wei Electronics Co., Ltd
            Indigo Diabetes
            TourBuilt, LLC
            Sontheim Industrie Elektronik GmbH
            LEGIC Identsystems AG
            Innovative Design Labs Inc.
            MG Energy Systems B.V.
            LaceClips llc
            stryker
            DATANG SEMICONDUCTOR TECHNOLOGY CO.,LTD
            Smart Parks B.V.
            MOKO TECHNOLOGY Ltd
            Gremsy JSC
            Geopal system A/S
            Lytx, INC.
            JUSTMORPH PTE. LTD.
            Beijing SuperHexa Century Technology CO. Ltd
            Focus Ingenieria SRL
            HAPPIEST BABY, INC.
            Scribble Design Inc.
            Olympic Ophthalmics, Inc.
            Pokkels
            KUUKANJYOKIN Co.,Ltd.
            Pac Sane Limited
            Warner Bros.
            Ooma
            Senquip Pty Ltd
            Jumo GmbH & Co. KG
            Innohome Oy
            MICROSON S.A.
            Delta Cycle Corporation
            Synaptics Incorporated
            AXTRO PTE. LTD.
            Shenzhen Sunricher Technology Limited
            Webasto SE
            Emlid Limited
            UniqAir Oy
            WAFERLOCK
            Freedman Electronics Pty Ltd
            KEBA Handover Automation GmbH
            Intuity Medical
            Cleer Limited
            Universal Biosensors Pty Ltd
            Corsair
            Rivata, Inc.
            Greennote Inc,
            Snowball Technology Co., Ltd.
            ALIZENT International
            Shanghai Smart System Technology Co., Ltd
            PSA Peugeot Citroen
            SES-Imagotag
            HAINBUCH GMBH SPANNENDE TECHNIK
            SANlight GmbH
            DelpSys, s.r.o.
            JCM TECHNOLOGIES S.A.
            Perfect Company
            TOTO LTD.
            Shenzhen Grandsun Electronic Co.,Ltd.
            Monarch International Inc.
            Carestream Dental LLC
            GiPStech S.r.l.
            OOBIK Inc.
            Pamex Inc.
            Lightricity Ltd
            SensTek
            Foil, Inc.
            Shanghai high-flying electronics technology Co.,Ltd
            TEMKIN ASSOCIATES, LLC
            Eello LLC
            Xi'an Fengyu Information Technology Co., Ltd.
            Canon Finetech Nisca Inc.
            LifePlus, Inc.
            ista International GmbH
            Loy Tec electronics GmbH
            LINCOGN TECHNOLOGY CO. LIMITED
            Care Bloom, LLC
            DIC Corporation
            FAZEPRO LLC
            Shenzhen Uascent Technology Co., Ltd
            Realityworks, inc.
            Urbanista AB
            Zencontrol Pty Ltd
            Spintly, Inc.
            Computime International Ltd
            Anhui Listenai Co
            OSM HK Limited
            Adevo Consulting AB
            PS Engineering, Inc.
            AIAIAI ApS
            Visiontronic s.r.o.
            InVue Security Products Inc
            TouchTronics, Inc.
            INNER RANGE PTY. LTD.
            Ellenby Technologies, Inc.
            Elstat Electronics Ltd.
            Xenter, Inc.
            LogTag North America Inc.
            Sens.ai Incorporated
            STL
            Open Bionics Ltd.
            R-DAS, s.r.o.
            KCCS Mobile Engineering Co., Ltd.
            Inventas AS
            Robkoo Information & Technologies Co., Ltd.
            PAUL HARTMANN AG
            Omni-ID USA, INC.
            Shenzhen Jingxun Technology Co., Ltd.
            RealMega Microelectronics technology (Shanghai) Co. Ltd.
            Kenzen, Inc.
            CODIUM
            Flexoptix GmbH
            Barnes Group Inc.
            Chengdu Aich Technology Co.,Ltd
            Keepin Co., Ltd.
            Swedlock AB
            Shenzhen CoolKit Technology Co., Ltd
            ise Individuelle Software und Elektronik GmbH
            Nuvoton
            Visuallex Sport International Limited
            KOBATA GAUGE MFG. CO., LTD.
            CACI Technologies
            Nordic Strong ApS
            EAGLE KINGDOM TECHNOLOGIES LIMITED
            Lautsprecher Teufel GmbH
            SSV Software Systems GmbH
            Zhuhai Pantum Electronisc Co., Ltd
            Streamit B.V.
            nymea GmbH
            AL-KO Geraete GmbH
            Franz Kaldewei GmbH&Co KG
            Shenzhen Aimore. Co.,Ltd
            Codefabrik GmbH
            Reelables, Inc.
            Duravit AG
            Boss Audio
            Vocera Communications, Inc.
            Douglas Dynamics L.L.C.
            Viceroy Devices Corporation
            ChengDu ForThink Technology Co., Ltd.
            IMATRIX SYSTEMS, INC.
            GlobalMed
            DALI Alliance
            unu GmbH
            Hexology
            Sunplus Technology Co., Ltd.
            LEVEL, s.r.o.
            FLIR Systems AB
            Borda Technology
            Square, Inc.
            FUTEK ADVANCED SENSOR TECHNOLOGY, INC
            Saxonar GmbH
            Velentium, LLC
            GLP German Light Products GmbH
            Leupold & Stevens, Inc.
            CRADERS,CO.,LTD
            Shanghai All Link Microelectronics Co.,Ltd
            701x Inc.
            Radioworks Microelectronics PTY LTD
            Unitech Electronic Inc.
            AMETEK, Inc.
            Irdeto
            First Design System Inc.
            Unisto AG
            Chengdu Ambit Technology Co., Ltd.
            SMT ELEKTRONIK GmbH
            Cerebrum Sensor Technologies Inc.
            Weber Sensors, LLC
            Earda Technologies Co.,Ltd
            FUSEAWARE LIMITED
            Flaircomm Microelectronics Inc.
            RESIDEO TECHNOLOGIES, INC.
            IORA Technology Development Ltd. Sti.
            Precision Triathlon Systems Limited
            I-PERCUT
            Marquardt GmbH
            FAZUA GmbH
            Workaround Gmbh
            Shenzhen Qianfenyi Intelligent Technology Co., LTD
            soonisys
            Belun Technology Company Limited
            Sanistaal A/S
            BluPeak
            SANYO DENKO Co.,Ltd.
            Honda Lock Mfg. Co.,Ltd.
            B.E.A. S.A.
            Alfa Laval Corporate AB
            ThermoWorks, Inc.
            ToughBuilt Industries LLC
            IOTOOLS
            Olumee
            NAOS JAPAN K.K.
            Guard RFID Solutions Inc.
            SIG SAUER, INC.
            DECATHLON SE
            WBS PROJECT H PTY LTD
            Roca Sanitario, S.A.
            Enerpac Tool Group Corp.
            Nanoleq AG
            Accelerated Systems
            PB INC.
            Beijing ESWIN Computing Technology Co., Ltd.
            TKH Security B.V.
            ams AG
            Hygiene IQ, LLC.
            iRhythm Technologies, Inc.
            BeiJing ZiJie TiaoDong KeJi Co.,Ltd.
            NIBROTECH LTD
            Baracoda Daily Healthtech.
            Lumi United Technology Co., Ltd
            CHACON
            Tech-Venom Entertainment Private Limited
            ACL Airshop B.V.
            MAINBOT
            ILLUMAGEAR, Inc.
            REDARC ELECTRONICS PTY LTD
            MOCA System Inc.
            Duke Manufacturing Co
            ART SPA
            Silver Wolf Vehicles Inc.
            Hala Systems, Inc.
            ARMATURA LLC
            CONZUMEX INDUSTRIES PRIVATE LIMITED
            BH SENS
            SINTEF
            Omnivoltaic Energy Solutions Limited Company
            WISYCOM S.R.L.
            Red 100 Lighting Co., ltd.
            Impact Biosystems, Inc.
            AIC semiconductor (Shanghai) Co., Ltd.
            Dodge Industrial, Inc.
            REALTIMEID AS
            ISEO Serrature S.p.a.
            MindRhythm, Inc.
            Havells India Limited
            Sentrax GmbH
            TSI
            INCITAT ENVIRONNEMENT
            nFore Technology Co., Ltd.
            Electronic Sensors, Inc.
            Bird Rides, Inc.
            Gentex Corporation
            NIO USA, Inc.
            SkyHawke Technologies
            Nomono AS
            EMS Integrators, LLC
            BiosBob.Biz
            Adam Hall GmbH
            ICP Systems B.V.
            Breezi.io, Inc.
            Mesh Systems LLC
            FUN FACTORY GmbH
            ZIIP Inc
            SHENZHEN KAADAS INTELLIGENT TECHNOLOGY CO.,Ltd
            Emotion Fitness GmbH & Co. KG
            H G M Automotive Electronics, Inc.
            BORA - Vertriebs GmbH & Co KG
            CONVERTRONIX TECHNOLOGIES AND SERVICES LLP
            TOKAI-DENSHI INC
            Versa Group B.V.
            H.P. Shelby Manufacturing, LLC.
            Shenzhen ImagineVision Technology Limited
            Exponential Power, Inc.
            Fujian Newland Auto-ID Tech. Co., Ltd.
            CELLCONTROL, INC.
            Rivieh, Inc.
            RATOC Systems, Inc.
            Sentek Pty Ltd
            NOVEA ENERGIES
            Innolux Corporation
            NingBo klite Electric Manufacture Co.,LTD
            The Apache Software Foundation
            MITSUBISHI ELECTRIC AUTOMATION (THAILAND) COMPANY LIMITED
            CleanSpace Technology Pty Ltd
            Quha oy
            Addaday
            Dymo
            Samsara Networks, Inc
            Sensitech, Inc.
            SOLUM CO., LTD
            React Mobile
            Shenzhen Malide Technology Co.,Ltd
            JDRF Electromag Engineering Inc
            lilbit ODM AS
            Geeknet, Inc.
            HARADA INDUSTRY CO., LTD.
            BQN
            Triple W Japan Inc.
            MAX-co., ltd
            Aixlink(Chengdu) Co., Ltd.
            FIELD DESIGN INC.
            Sankyo Air Tech Co.,Ltd.
            Shenzhen KTC Technology Co.,Ltd.
            Hardcoder Oy
            Scangrip A/S
            FoundersLane GmbH
            Offcode Oy
            ICU tech GmbH
            AXELIFE
            SCM Group
            Mammut Sports Group AG
            Taiga Motors Inc.
            Presidio Medical, Inc.
            VIMANA TECH PTY LTD
            Trek Bicycle
            Ampetronic Ltd
            Muguang (Guangdong) Intelligent Lighting Technology Co., Ltd
            Rotronic AG
            Seiko Instruments Inc.
            American Technology Components, Incorporated
            MOTREX
            Pertech Industries Inc
            Gentle Energy Corp.
            Senscomm Semiconductor Co., Ltd.
            Ineos Automotive Limited
            Alfen ICU B.V.
            Citisend Solutions, SL
            Hangzhou BroadLink Technology Co., Ltd.
            Dreem SAS
            Netwake GmbH
            Telecom Design
            SILVER TREE LABS, INC.
            Gymstory B.V.
            The Goodyear Tire & Rubber Company
            Beijing Wisepool Infinite Intelligence Technology Co.,Ltd
            GISMAN
            Komatsu Ltd.
            Sensoria Holdings LTD
            Audio Partnership Plc
            Group Lotus Limited
            Data Sciences International
            Bunn-O-Matic Corporation
            TireCheck GmbH
            Sonova Consumer Hearing GmbH
            Vervent Audio Group
            SONICOS ENTERPRISES, LLC
            Nissan Motor Co., Ltd.
            hearX Group (Pty) Ltd
            GLOWFORGE INC.
            Allterco Robotics ltd
            Infinitegra, Inc.
            Grandex International Corporation
            Machfu Inc.
            Roambotics, Inc.
            Soma Labs LLC
            NITTO KOGYO CORPORATION
            Ecolab Inc.
            Beijing ranxin intelligence technology Co.,LTD
            Fjorden Electra AS
            Flender GmbH
            New Cosmos USA, Inc.
            Xirgo Technologies, LLC
            Build With Robots Inc.
            IONA Tech LLC
            INNOVAG PTY. LTD.
            SaluStim Group Oy
            Huso, INC
            SWISSINNO SOLUTIONS AG
            T2REALITY SOLUTIONS PRIVATE LIMITED
            ETHEORY PTY LTD
            SAAB Aktiebolag
            HIMSA II K/S
            READY FOR SKY LLP
            Miele & Cie. KG
            EntWick Co.
            MCOT INC.
            TECHTICS ENGINEERING B.V.
            Aperia Technologies, Inc.
            TCL COMMUNICATION EQUIPMENT CO.,LTD.
            Signtle Inc.
            OTF Distribution, LLC
            Neuvatek Inc.
            Perimeter Technologies, Inc.
            Divesoft s.r.o.
            Sylvac sa
            Amiko srl
            Neurosity, Inc.
            LL Tec Group LLC
            Durag GmbH
            Hubei Yuan Times Technology Co., Ltd.
            IDEC
            Procon Analytics, LLC
            ndd Medizintechnik AG
            Super B Lithium Power B.V.
            Shenzhen Injoinic Technology Co., Ltd.
            VINFAST TRADING AND PRODUCTION JOINT STOCK COMPANY
            PURA SCENTS, INC.
            Elics Basis Ltd.
            Aardex Ltd.
            CHAR-BROIL, LLC
            Ledworks S.r.l.
            Coroflo Limited
            Yale
            WINKEY ENTERPRISE (HONG KONG) LIMITED
            Koizumi Lighting Technology corp.
            Back40 Precision
            OTC engineering
            Comtel Systems Ltd.
            Deepfield Connect GmbH
            ZWILLING J.A. Henckels Aktiengesellschaft
            Puratap Pty Ltd
            Fresnel Technologies, Inc.
            Sensormate AG
            Shindengen Electric Manufacturing Co., Ltd.
            Twenty Five Seven, prodaja in storitve, d.o.o.
            Luna Health, Inc.
            Miracle-Ear, Inc.
            CORAL-TAIYI Co. Ltd.
            LINKSYS USA, INC.
            Safetytest GmbH
            KIDO SPORTS CO., LTD.
            Site IQ LLC
            Angel Medical Systems, Inc.
            PONE BIOMETRICS AS
            ER Lab LLC
            T5 tek, Inc.
            greenTEG AG
            Wacker Neuson SE
            Innovacionnye Resheniya
            Alio, Inc
            CleanBands Systems Ltd.
            Dodam Enersys Co., Ltd
            T+A elektroakustik GmbH & Co.KG
            Esmé Solutions
            Media-Cartec GmbH
            Ratio Electric BV
            MQA Limited
            NEOWRK SISTEMAS INTELIGENTES S.A.
            Loomanet, Inc.
            Puff Corp
            Happy Health, Inc.
            Montage Connect, Inc.
            LED Smart Inc.
            CONSTRUKTS, INC.
            limited liability company \"Red\"
            Senic Inc.
            Automated Pet Care Products, LLC
            aconno GmbH
            Mendeltron, Inc.
            Mereltron bv
            ALEX DENKO CO.,LTD.
            AETERLINK
            Cosmed s.r.l.
            Gordon Murray Design Limited
            IoSA
            Scandinavian Health Limited
            Fasetto, Inc.
            Geva Sol B.V.
            TYKEE PTY. LTD.
            SomnoMed Limited
            CORROHM
            Arlo Technologies, Inc.
            Catapult Group International Ltd
            Rockchip Electronics Co., Ltd.
            GEMU
            OFF Line Japan Co., Ltd.
            EC sense co., Ltd
            LVI Co.
            COMELIT GROUP S.P.A.
            Foshan Viomi Electrical Technology Co., Ltd
            Glamo Inc.
            KEYTEC,Inc.
            SMARTD TECHNOLOGIES INC.
            JURA Elektroapparate AG
            Performance Electronics, Ltd.
            Pal Electronics
            Embecta Corp.
            DENSO AIRCOOL CORPORATION
            Caresix Inc.
            GigaDevice Semiconductor Inc.
            Zeku Technology (Shanghai) Corp., Ltd.
            OTF Product Sourcing, LLC
            Easee AS
            BEEHERO, INC.
            McIntosh Group Inc
            KINDOO LLP
            Xian Yisuobao Electronic Technology Co., Ltd.
            Exeger Operations AB
            BYD Company Limited
            Thermokon-Sensortechnik GmbH
            Cosmicnode BV
            SignalQuest, LLC
            Noritz Corporation.
            TIGER CORPORATION
            Equinosis, LLC
            ORB Innovations Ltd
            Classified Cycling
            Wrmth Corp.
            BELLDESIGN Inc.
            Stinger Equipment, Inc.
            HORIBA, Ltd.
            Control Solutions LLC
            Heath Consultants Inc.
            Berlinger & Co. AG
            ONCELABS LLC
            Brose Verwaltung SE, Bamberg
            Granwin IoT Technology (Guangzhou) Co.,Ltd
            Epsilon Electronics,lnc
            VALEO MANAGEMENT SERVICES
            twopounds gmbh
            atSpiro ApS
            ADTRAN, Inc.
            Orpyx Medical Technologies Inc.
            Seekwave Technology Co.,ltd.
            Tactile Engineering, Inc.
            SharkNinja Operating LLC
            Imostar Technologies Inc.
            INNOVA S.R.L.
            ESCEA LIMITED
            Taco, Inc.
            HiViz Lighting, Inc.
            Zintouch B.V.
            Rheem Sales Company, Inc.
            UNEEG medical A/S
            Hykso Inc.
            CYBERDYNE Inc.
            Lockswitch Sdn Bhd
            Alban Giacomo S.P.A.
            MGM WIRELESSS HOLDINGS PTY LTD
            StepUp Solutions ApS
            BlueID GmbH
            Nanjing Linkpower Microelectronics Co.,Ltd
            KEBA Energy Automation GmbH
            NNOXX, Inc
            Phiaton Corporation
            phg Peter Hengstler GmbH + Co. KG
            dormakaba Holding AG
            WAKO CO,.LTD
            DEN Smart Home B.V.
            TRACKTING S.R.L.
            Emerja Corporation
            BLITZ electric motors. LTD
            CONSORCIO TRUST CONTROL - NETTEL
            GILSON SAS
            SNIFF LOGIC LTD
            Fidure Corp.
            Sensa LLC
            Parakey AB
            SCARAB SOLUTIONS LTD
            BitGreen Technolabz (OPC) Private Limited
            StreetCar ORV, LLC
            Truma Gerätetechnik GmbH & Co. KG
            yupiteru
            Embedded Engineering Solutions LLC
            Shenzhen Gwell Times Technology Co. , Ltd
            TEAC Corporation
            CHARGTRON IOT PRIVATE LIMITED
            Zhuhai Smartlink Technology Co., Ltd
            Triductor Technology (Suzhou), Inc.
            PT SADAMAYA GRAHA TEKNOLOGI
            Mopeka Products LLC
            3ALogics, Inc.
            BOOMING OF THINGS
            Rochester Sensors, LLC
            CARDIOID - TECHNOLOGIES, LDA
            Carrier Corporation
            NACON
            Watchdog Systems LLC
            MAXON INDUSTRIES, INC.
            Amlogic, Inc.
            Qingdao Eastsoft Communication Technology Co.,Ltd
            Weltek Technologies Company Limited
            Nextivity Inc.
            AGZZX OPTOELECTRONICS TECHNOLOGY CO., LTD
            ARTISTIC&CO.GLOBAL Ltd.
            Heavys Inc
            T-Mobile USA
            tonies GmbH
            Technocon Engineering Ltd.
            Radar Automobile Sales(Shandong)Co.,Ltd.
            WESCO AG
            Yashu Systems
            Kesseböhmer Ergonomietechnik GmbH
            Movesense Oy
            Baxter Healthcare Corporation
            Gemstone Lights Canada Ltd.
            H+B Hightech GmbH
            Deako
            MiX Telematics International (PTY) LTD
            Vire Health Oy
            ALF Inc.
            NTT sonority, Inc.
            Sunstone-RTLS Ipari Szolgaltato Korlatolt Felelossegu Tarsasag
            Ribbiot, INC.
            ECCEL CORPORATION SAS
            Dragonfly Energy Corp.
            BIGBEN
            YAMAHA MOTOR CO.,LTD.
            XSENSE LTD
            MAQUET GmbH
            MITSUBISHI ELECTRIC LIGHTING CO, LTD
            Princess Cruise Lines, Ltd.
            Megger Ltd
            Verve InfoTec Pty Ltd
            Sonas, Inc.
            Mievo Technologies Private Limited
            Shenzhen Poseidon Network Technology Co., Ltd
            HERUTU ELECTRONICS CORPORATION
            Shenzhen Shokz Co.,Ltd.
            Shenzhen Openhearing Tech CO., LTD .
            Evident Corporation
            NEURINNOV
            SwipeSense, Inc.
            RF Creations
            SHINKAWA Sensor Technology, Inc.
            janova GmbH
            Eberspaecher Climate Control Systems GmbH
            Racketry, d. o. o.
            THE EELECTRIC MACARON LLC
            Cucumber Lighting Controls Limited
            Shanghai Proxy Network Technology Co., Ltd.
            seca GmbH & Co. KG
            Ameso Tech (OPC) Private Limited
            Emlid Tech Kft.
            TROX GmbH
            Pricer AB
            Missing Company ID from Bluetooth SIG Assigned Numbers
            Forward Thinking Systems LLC.
            Garnet Instruments Ltd.
            CLEIO Inc.
            Anker Innovations Limited
            HMD Global Oy
            ABUS August Bremicker Soehne Kommanditgesellschaft
            Open Road Solutions, Inc.
            Serial Technology Corporation
            SB C&S Corp.
            TrikThom
            Innocent Technology Co., Ltd.
            Cyclops Marine Ltd
            NOTHING TECHNOLOGY LIMITED
            Kord Defence Pty Ltd
            YanFeng Visteon(Chongqing) Automotive Electronic Co.,Ltd
            SENOSPACE LLC
            Shenzhen CESI Information Technology Co., Ltd.
            MooreSilicon Semiconductor Technology (Shanghai) Co., LTD.
            Imagine Marketing Limited
            EQOM SSC B.V.
            TechSwipe
            Shenzhen Zhiduotun IoT Technology Co., Ltd
            Numa Products, LLC
            HHO (Hangzhou) Digital Technology Co., Ltd.
            Maztech Industries, LLC
            SIA Mesh Group
            Minami acoustics Limited
            Wolf Steel ltd
            Circus World Displays Limited
            Ypsomed AG
            Alif Semiconductor, Inc.
            RESPONSE TECHNOLOGIES, LTD.
            SHENZHEN CHENYUN ELECTRONICS  CO., LTD
            VODALOGIC PTY LTD
            Regal Beloit America, Inc.
            CORVENT MEDICAL, INC.
            Taiwan Fuhsing
            Off-Highway Powertrain Services Germany GmbH
            Amina Distribution AS
            McWong International, Inc.
            TAG HEUER SA
            Dongguan Yougo Electronics Co.,Ltd.
            PEAG, LLC dba JLab Audio
            HAYWARD INDUSTRIES, INC.
            Shenzhen Tingting Technology Co. LTD
            Pacific Coast Fishery Services (2003) Inc.
            CV. NURI TEKNIK
            MadgeTech, Inc
            POGS B.V.
            THOTAKA TEKHNOLOGIES INDIA PRIVATE LIMITED
            Midmark
            BestSens AG
            Radio Sound
            SOLUX PTY LTD
            BOS Balance of Storage Systems AG
            OJ Electronics A/S
            TVS Motor Company Ltd.
            core sensing GmbH
            Tamblue Oy
            Protect Animals With Satellites LLC
            Tyromotion GmbH
            ElectronX design
            Wuhan Woncan Construction Technologies Co., Ltd.
            Thule Group AB
            Ergodriven Inc
            Sparkpark AS
            KEEPEN
            Rocky Mountain ATV/MC Jake Wilson
            MakuSafe Corp
            Bartec Auto Id Ltd
            Energy Technology and Control Limited
            doubleO Co., Ltd.
            Datalogic S.r.l.
            Datalogic USA, Inc.
            Leica Geosystems AG
            CATEYE Co., Ltd.
            Research Products Corporation
            Planmeca Oy
            C.Ed. Schulte GmbH Zylinderschlossfabrik
            PetVoice Co., Ltd.
            Timebirds Australia Pty Ltd
            JVC KENWOOD Corporation
            Great Dane LLC
            Spartek Systems Inc.
            MERRY ELECTRONICS CO., LTD.
            Merry Electronics (S) Pte Ltd
            Spark
            Nations Technologies Inc.
            Akix S.r.l.
            Bioliberty Ltd
            C.G. Air Systemes Inc.
            Maturix ApS
            RACHIO, INC.
            LIMBOID LLC
            Electronics4All Inc.
            FESTINA LOTUS SA
            Synkopi, Inc.
            SCIENTERRA LIMITED
            Cennox Group Limited
            Cedarware, Corp.
            GREE Electric Appliances, Inc. of Zhuhai
            Japan Display Inc.
            System Elite Holdings Group Limited
            Burkert Werke GmbH & Co. KG
            velocitux
            FUJITSU COMPONENT LIMITED
            MIYAKAWA ELECTRIC WORKS LTD.
            PhysioLogic Devices, Inc.
            Sensoryx AG
            SIL System Integration Laboratory GmbH
            Cooler Pro, LLC
            Advanced Electronic Applications, Inc
            Delta Development Team, Inc
            Laxmi Therapeutic Devices, Inc.
            SYNCHRON, INC.
            Badger Meter
            Micropower Group AB
            ZILLIOT TECHNOLOGIES PRIVATE LIMITED
            Universidad Politecnica de Madrid
            XIHAO INTELLIGENGT TECHNOLOGY CO., LTD
            Zerene Inc.
            CycLock
            Systemic Games, LLC
            Frost Solutions, LLC
            Lone Star Marine Pty Ltd
            SIRONA Dental Systems GmbH
            bHaptics Inc.
            LUMINOAH, INC.
            Vogels Products B.V.
            SignalFire Telemetry, Inc.
            CPAC Systems AB
            TEKTRO TECHNOLOGY CORPORATION
            Gosuncn Technology Group Co., Ltd.
            Ex Makhina Inc.
            Odeon, Inc.
            Thales Simulation & Training AG
            Shenzhen DOKE Electronic Co., Ltd
            Vemcon GmbH
            Refrigerated Transport Electronics, Inc.
            Rockpile Solutions, LLC
            Soundwave Hearing, LLC
            IotGizmo Corporation
            Optec, LLC
            NIKAT SOLUTIONS PRIVATE LIMITED
            Movano Inc.
            NINGBO FOTILE KITCHENWARE CO., LTD.
            Genetus inc.
            DIVAN TRADING CO., LTD.
            Luxottica Group S.p.A
            ISEKI FRANCE S.A.S
            NO CLIMB PRODUCTS LTD
            Wellang.Co,.Ltd
            Nanjing Xinxiangyuan Microelectronics Co., Ltd.
            ifm electronic gmbh
            HYUPSUNG MACHINERY ELECTRIC CO., LTD.
            Gunnebo Aktiebolag
            Axis Communications AB
            Pison Technology, Inc.
            Stogger B.V.
            Pella Corp
            SiChuan Homme Intelligent Technology co.,Ltd.
            Smart Products Connection, S.A.
            F.I.P. FORMATURA INIEZIONE POLIMERI - S.P.A.
            MEBSTER s.r.o.
            SKF France
            Southco
            Molnlycke Health Care AB
            Hendrickson USA , L.L.C
            BLACK BOX NETWORK SERVICES INDIA PRIVATE LIMITED
            Status Audio LLC
            AIR AROMA INTERNATIONAL PTY LTD
            Helge Kaiser GmbH
            Crane Payment Innovations, Inc.
            Ambient IoT Pty Ltd
            DYNAMOX S/A
            Look Cycle International
            Closed Joint Stock Company NVP BOLID
            Kindhome
            Kiteras Inc.
            Earfun Technology (HK) Limited
            iota Biosciences, Inc.
            ANUME s.r.o.
            Indistinguishable From Magic, Inc.
            i-focus Co.,Ltd
            DualNetworks SA
            MITACHI CO.,LTD.
            VIVIWARE JAPAN, Inc.
            Xiamen Intretech Inc.
            MindMaze SA
            BeiJing SmartChip Microelectronics Technology Co.,Ltd
            Taiko Audio B.V.
            Daihatsu Motor Co., Ltd.
            Konova
            Gravaa B.V.
            Beyerdynamic GmbH & Co. KG
            VELCO
            ATLANTIC SOCIETE FRANCAISE DE DEVELOPPEMENT THERMIQUE
            Testo SE & Co. KGaA
            SEW-EURODRIVE GmbH & Co KG
            ROCKWELL AUTOMATION, INC.
            Quectel Wireless Solutions Co., Ltd.
            Geocene Inc.
            Nanohex Corp
            Simply Embedded Inc.
            Software Development, LLC
            Ultimea Technology (Shenzhen) Limited
            RF Electronics Limited
            Optivolt Labs, Inc.
            Canon Electronics Inc.
            LAAS ApS
            Beamex Oy Ab
            TACHIKAWA CORPORATION
            HagerEnergy GmbH
            Shrooly Inc
            Hunter Industries Incorporated
            NEOKOHM SISTEMAS ELETRONICOS LTDA
            Zhejiang Huanfu Technology Co., LTD
            E.F. Johnson Company
            Caire Inc.
            Yeasound (Xiamen) Hearing Technology Co., Ltd
            Boxyz, Inc.
            Skytech Creations Limited
            Cear, Inc.
            Impulse Wellness LLC
            MML US, Inc
            SICK AG
            Fen Systems Ltd.
            KIWI.KI GmbH
            Airgraft Inc.
            HP Tuners
            PIXELA CORPORATION
            Generac Corporation
            Novoferm tormatic GmbH
            Airwallet ApS
            Inventronics GmbH
            Shenzhen EBELONG Technology Co., Ltd.
            Efento
            ITALTRACTOR ITM S.P.A.
            linktop
            TITUM AUDIO, INC.
            Hexagon Aura Reality AG
            Invisalert Solutions, Inc.
            TELE System Communications Pte. Ltd.
            Whirlpool
            SHENZHEN REFLYING ELECTRONIC CO., LTD
            Franklin Control Systems
            Djup AB
            SAFEGUARD EQUIPMENT, INC.
            Morningstar Corporation
            Shenzhen Chuangyuan Digital Technology Co., Ltd
            CompanyDeep Ltd
            Veo Technologies ApS
            Nexis Link Technology Co., Ltd.
            Felion Technologies Company Limited
            MAATEL
            HELLA GmbH & Co. KGaA
            HWM-Water Limited
            Shenzhen Jahport Electronic Technology Co., Ltd.
            NACHI-FUJIKOSHI CORP.
            Cirrus Research plc
            GEARBAC TECHNOLOGIES INC.
            Hangzhou NationalChip Science & Technology Co.,Ltd
            DHL
            Levita
            MORNINGSTAR FX PTE. LTD.
            ETO GRUPPE TECHNOLOGIES GmbH
            farmunited GmbH
            Aptener Mechatronics Private Limited
            GEOPH, LLC
            Trotec GmbH
            Astra LED AG
            NOVAFON - Electromedical devices limited liability company
            KUBU SMART LIMITED
            ESNAH
            OrangeMicro Limited
            Sitecom Europe B.V.
            Global Satellite Engineering
            KOQOON GmbH & Co.KG
            BEEPINGS
            MODULAR MEDICAL, INC.
            Xiant Technologies, Inc.
            Granchip IoT Technology (Guangzhou) Co.,Ltd
            SCHELL GmbH & Co. KG
            Minebea Intec GmbH
            KAGA FEI Co., Ltd.
            AUTHOR-ALARM, razvoj in prodaja avtomobilskih sistemov proti kraji, d.o.o.
            Tozoa LLC
            SHENZHEN DNS INDUSTRIES CO., LTD.
            Shenzhen Lunci Technology Co., Ltd
            KNOG PTY. LTD.
            Outshiny India Private Limited
            TAMADIC Co., Ltd.
            Shenzhen MODSEMI Co., Ltd
            EMBEINT INC
            Ehong Technology Co.,Ltd
            DEXATEK Technology LTD
            Dendro Technologies, Inc.
            Vivint, Inc.
            General Laser GmbH
            Kathrein Solutions GmbH
            Fitz Inc.
            ATEGENOS PHARMACEUTICALS INC
            Flextronic GmbH
            Safety Swim LLC
            SING SUN TECHNOLOGY (INTERNATIONAL) LIMITED
            Woncan (Hong Kong) Limited
            iFLYTEK (Suzhou) Technology Co., Ltd.
            Weber-Stephen Products LLC
            hDrop Technologies Inc.
            REEKON TOOLS INC.
            Delta Faucet Company
            Mutrack Co., Ltd
            Hangzhou Zhaotong Microelectronics Co., Ltd.
            Chengdu CSCT Microelectronics Co., Ltd.
            Belusun Technology Ltd.
            Shenzhen Matches IoT Technology Co., Ltd.
            Beidou Intelligent Connected Vehicle Technology Co., Ltd.
            SOJI ELECTRONICS JOINT STOCK COMPANY
            BH Technologies
            Haptech, Inc.
            WaveRF, Corp.
            SHENZHEN SOUNDSOUL INFORMATION TECHNOLOGY CO.,LTD
            Wuhu Mengbo Technology Co., Ltd.
            PROSYS DEV LIMITED
            Shenzhen eMeet technology Co.,Ltd
            Doro AB
            SUREPULSE MEDICAL LIMITED
            iodyne, LLC
            Pinpoint GmbH
            Heinrich Kopp GmbH
            Evolutive Systems SL
            PRINT INTERNATIONAL LIMITED
            Sounding Audio Industrial Ltd.
            Yuanfeng Technology Co., Ltd.
            FrontAct Co., Ltd.
            ALOGIC CORPORATION PTY LTD
            SenseWorks Tecnologia Ltda.
            Eko Health, Inc.
            Wanzl GmbH & Co. KGaA
            CLEVER LOGGER TECHNOLOGIES PTY LIMITED
            ASYSTOM
            Heilongjiang Tianyouwei Electronics Co.,Ltd.
            Eastern Partner Limited
            Xiamen RUI YI Da Electronic Technology Co.,Ltd
            Ad Hoc Electronics, llc.
            Hangzhou Microimage Software Co.,Ltd.
            Hive-Zox International SA
            Sensovo GmbH
            Time Location Systems AS
            SHENZHEN DIGITECH CO., LTD
            Capte B.V.
            9512-5837 QUEBEC INC.
            Blecon Ltd
            CFLAB TEKNOLOJI TICARET LIMITED SIRKETI
            FOGO
            HITO INC
            MS kajak7 UG (limited liability)
            Avedis Zildjian Co.
            Hangzhou Hikvision Digital Technology Co., Ltd.
            LIHJOEN SPEED METER CO., LTD.
            NextSense, Inc.
            PatchRx, Inc.
            Flipper Devices Inc.
            Huizhou Foryou General Electronics Co., Ltd.
            JE electronic a/s
            9313-7263 Quebec inc.
            ECARX (Hubei) Tech Co.,Ltd.
            NIHON KOHDEN CORPORATION
            ONWI
            Primax Electronics Ltd.
            AlphaTheta Corporation
            PACIFIC INDUSTRIAL CO., LTD.
            Crescent NV
            Vermis, software solutions llc
            SNAPPWISH LLC
            Cousins and Sears LLC
            CESYS Gesellschaft für angewandte Mikroelektronik mbH
            SLOC GmbH
            IRES Infrarot Energie Systeme GmbH
            OFIVE LIMITED
            Swift IOT Tech (Shenzhen) Co., LTD.
            Viselabs
            Walmart Inc.
            VANBOX
            Wiser Devices, LLC
            WKD Labs Ltd
            Asustek Computer Inc.
            Z-ONE Technology Co., Ltd.
            InnoVision Medical Technologies, LLC
            QUANTATEC
            Filo Srl
            SOUNDUCT
            Hosiden Besson Limited
            KARLUNA MUHENDISLIK SANAYI VE TICARET ANONIM SIRKETI
            Deone (Shanghai) Communication & Technology Co., Ltd
            Nitto Denko Corporation
            PUDSEY DIAMOND ENGINEERING LIMITED
            Luxshare Precision Industry Co., Ltd.
            Brooksee, Inc.
            QSC, LLC
            eBet Gaming Sytems Pty Limited
            Zhejiang Desman Intelligent Technology Co., Ltd.
            Dyaco International Inc.
            Aquana, LLC
            MINIRIG
            Relief Technologies AS
            New Cosmos Electric Co., Ltd.
            INEPRO Metering B.V.
            Altina Inc.
            Urban Armor Gear, LLC
            Loewe Technology GmbH
            OmniWave Microelectronics Shanghai Co., Ltd
            Wuhu Hongjing Electronic Co.,Ltd
            Amimon Ltd.
            L.T.H. Electronics Limited
            SHAPER TOOLS, INC.
            Ruptela
            Ant Group Co., Ltd.
            Queclink Wireless Solutions Co., Ltd.
            GOKI PTY LTD
            LAST LOCK INC.
            HuiTong intelligence Company Limited
            Daikin Industries, LTD
            Shenzhen Baseus Technology Co., Ltd.
            NEXT DEVICES LTDA
            EarTex Ltd
            Megatronix (Beijing) Technology Co., Ltd
            Hyena Inc.
            Shenzhen Goodocom Information Technology Co., Ltd.
            RIGH, INC.
            FEVOS LIMITED
            I.M.LAB Inc
            OpConnect, Inc.
            Powerstick.com
            ENABLEWEAR LLC
            TOR.AI LIMITED
            Adventures of the Persistently Impaired (and other tales) Limited
            Rocky Radios LLC
            Le Touch (Shenzhen) Electronics Co., Ltd.
            Guangdong Nanguang Photo&Video Systems Co., Ltd.
            MOBILE TECH, INC.
            HONG KONG COMMUNICATIONS COMPANY LIMITED
            Neptune First OU
            Vivago Oy
            Circular
            final Inc.
            Jiangsu XinTongda Electric Technology Co.,Ltd.
            Archon Controls LLC
            SZR-Dev UG
            IQNEXXT Solutions GmbH
            Guangdong Hengqin Xingtong Technology Co.,ltd.
            CHEVALIER TECH LIMITED
            SPRiNTUS GmbH
            Tymphany HK Ltd
            TigerLight, Inc.
            Mercury Marine, a division of Brunswick Corporation
            OpenTech Alliance, Inc.
            Skewered Fencing, LLC
            Brudden
            Tele-Radio i Lysekil AB
            Allgon AB
            Gopod Group Holding Limited
            Celebrities Management Private Limited
            Nobest Inc
            Avetos Design LLC
            RainMaker Solutions, Inc.
            Identita Inc.
            Glutz AG
            MIV ELECTRONICS, LTD
            Tactrix
            Viaanix, Inc.
            Skeed,co,Ltd.
            kokoromil Inc.
            Chromatic Inc.
            Medibound, Inc.
            Scanbro OU
            Panasonic Automotive Systems Co., Ltd.
            Andrews & Arnold Ltd
            Audinor ApS
            Travelxp India Private Limited
            Owlet Baby Care Inc.
            ENLESS WIRELESS
            Culligan International Company
            QIKCONNEX LLC
            OLIS ELECTRONICS, LLC
            BiTECH Automotive (Wuhu) Co.,Ltd
            EasyReach Solutions Private Limited
            AMG Lab LLC
            BrickXter GmbH
            Dongguan Trangjan Industrial Co., Ltd
            Makichie Co., Ltd.
            Hive Soundz inc.
            STEYR Sport GmbH
            Dynetrex Solutions Inc.
            OPTRON Co., Ltd.
            BHClears Microelectronics (Shanghai) Co., Ltd.
            Unfolded Circle ApS
            FactorySense
            WearNex Limited
            PRADCO Outdoor Brands
            Zucchetti Axess
            BLUEFIN DATA, LLC
            Preseed Japan Corporation
            Server Products, Inc.
            Embedded Solutions LLC
            PARAGON ID
            egojin co,.ltd
            THERMY LTD
            Asahi Denso Co.,Ltd.
            GP Acoustics International Limited
            Tongfang Health Technology (Beijing) Co., Ltd.
            Deity Acoustic Technology Co.
            Schulte-Schlagbaum AG
            WEST inx Ltd.
            Crossdoor
            High Entropy, LLC
            Herschel Infrared Ltd
            PACIFIC MARINE BATTERIES PTY. LIMITED
            Alibaba (China) Co., Ltd.
            AuthGate B.V.
            Canyon Bicycles GmbH
            Codie LLC
            NeuroPace Inc
            NexRev LLC
            Zhong Shan City Richsound Electronic Industrial Ltd.
            Shenzhen NEOECO Technology Co., Ltd.
            Nature Inc.
            Guangzhou Honor Microelectronic Co.,Ltd.
            GGEC America, Inc.
            Gibson, Inc.
            VINYL MATT MEDIA LIMITED
            SHENZHEN BESTWAY ELECTRONICS CO.,LTD
            Lichens Innovation inc.
            Goerdyna Group Co., Ltd
            Relish Technologies Limited
            Quintessential Design, Inc.
            CS INSTRUMENTS GmbH & Co.KG
            DORAN MFG. LLC
            Overhead Door Corporation
            Kodira GmbH
            ShenZhen BoYiChuangXin
            Shenzhen Zoqin Technology Co., Ltd.
            Ceridwen Limited
            Sony Honda Mobility Inc.
            Dynaudio A/S
            MAERSK CONTAINER INDUSTRY A/S
            Unregistered (test)
            """
    )

    /// Appearance categories and subcategories: 302 entries, keyed by appearance value (category << 6 | subcategory).
    static let appearances = AssignedNameTable(
        keys: [
            0x0000, 0x0040, 0x0080, 0x0081, 0x0082, 0x0083, 0x0084, 0x0085, 0x0086, 0x0087,
            0x0088, 0x0089, 0x008A, 0x008B, 0x008C, 0x008D, 0x008E, 0x008F, 0x00C0, 0x00C1,
            0x00C2, 0x0100, 0x0140, 0x0180, 0x01C0, 0x0200, 0x0240, 0x0280, 0x02C0, 0x0300,
            0x0301, 0x0340, 0x0341, 0x0380, 0x0381, 0x0382, 0x03C0, 0x03C1, 0x03C2, 0x03C3,
            0x03C4, 0x03C5, 0x03C6, 0x03C7, 0x03C8, 0x03C9, 0x03CA, 0x0400, 0x0440, 0x0441,
            0x0442, 0x0443, 0x0480, 0x0481, 0x0482, 0x0483, 0x0484, 0x0485, 0x04C0, 0x04C1,
            0x04C2, 0x04C3, 0x04C4, 0x04C5, 0x04C6, 0x04C7, 0x04C8, 0x04C9, 0x04CA, 0x04CB,
            0x04CC, 0x04CD, 0x0500, 0x0501, 0x0502, 0x0503, 0x0540, 0x0541, 0x0542, 0x0543,
            0x0544, 0x0545, 0x0546, 0x0547, 0x0548, 0x0549, 0x054A, 0x054B, 0x054C, 0x054D,
            0x054E, 0x054F, 0x0550, 0x0551, 0x0552, 0x0553, 0x0554, 0x0555, 0x0556, 0x0557,
            0x0558, 0x0559, 0x0580, 0x0581, 0x0582, 0x0583, 0x0584, 0x0585, 0x0586, 0x0587,
            0x0588, 0x0589, 0x058A, 0x058B, 0x058C, 0x058D, 0x058E, 0x058F, 0x0590, 0x0591,
            0x0592, 0x0593, 0x0594, 0x0595, 0x0596, 0x0597, 0x0598, 0x0599, 0x05C0, 0x05C1,
            0x05C2, 0x05C3, 0x05C4, 0x05C5, 0x05C6, 0x0600, 0x0601, 0x0602, 0x0603, 0x0604,
            0x0605, 0x0606, 0x0607, 0x0608, 0x0609, 0x060A, 0x060B, 0x0640, 0x0680, 0x06C0,
            0x06C1, 0x06C2, 0x06C3, 0x06C4, 0x06C5, 0x06C6, 0x06C7, 0x0700, 0x0701, 0x0702,
            0x0703, 0x0704, 0x0705, 0x0706, 0x0707, 0x0708, 0x0709, 0x0740, 0x0741, 0x0742,
            0x0743, 0x0744, 0x0745, 0x0780, 0x0781, 0x0782, 0x0783, 0x0784, 0x0785, 0x0786,
            0x0787, 0x0788, 0x0789, 0x07C0, 0x07C1, 0x07C2, 0x07C3, 0x07C4, 0x07C5, 0x07C6,
            0x07C7, 0x07C8, 0x0800, 0x0801, 0x0802, 0x0803, 0x0804, 0x0805, 0x0806, 0x0840,
            0x0841, 0x0842, 0x0843, 0x0844, 0x0845, 0x0880, 0x0881, 0x0882, 0x0883, 0x0884,
            0x0885, 0x0886, 0x0887, 0x0888, 0x0889, 0x08C0, 0x08C1, 0x08C2, 0x08C3, 0x08C4,
            0x08C5, 0x08C6, 0x08C7, 0x08C8, 0x08C9, 0x08CA, 0x08CB, 0x08CC, 0x08CD, 0x08CE,
            0x08CF, 0x0900, 0x0901, 0x0902, 0x0903, 0x0904, 0x0905, 0x0906, 0x0907, 0x0908,
            0x0909, 0x090A, 0x090B, 0x090C, 0x090D, 0x090E, 0x090F, 0x0940, 0x0941, 0x0942,
            0x0943, 0x0944, 0x0980, 0x0981, 0x0982, 0x0983, 0x0984, 0x09C0, 0x09C1, 0x09C2,
            0x09C3, 0x09C4, 0x09C5, 0x09C6, 0x09C7, 0x09C8, 0x09C9, 0x09CA, 0x0A00, 0x0A01,
            0x0A02, 0x0A03, 0x0A40, 0x0A41, 0x0A42, 0x0A43, 0x0A80, 0x0A81, 0x0A82, 0x0AC0,
            0x0AC1, 0x0AC2, 0x0C40, 0x0C41, 0x0C42, 0x0C80, 0x0CC0, 0x0CC1, 0x0CC2, 0x0D00,
            0x0D40, 0x0D41, 0x0D44, 0x0D48, 0x0D80, 0x0DC0, 0x0DC1, 0x1440, 0x1441, 0x1442,
            0x1443, 0x1444,
        ],
        names: """
            Unknown
            Phone
            Computer
            Desktop Workstation
            Server-class Computer
            Laptop
            Handheld PC/PDA (clamshell)
            Palm-size PC/PDA
            Wearable computer (watch size)
            Tablet
            Docking Station
            All in One
            Blade Server
            Convertible
            Detachable
            IoT Gateway
            Mini PC
            Stick PC
            Watch
            Sports Watch
            Smartwatch
            Clock
            Display
            Remote Control
            Eye-glasses
            Tag
            Keyring
            Media Player
            Barcode Scanner
            Thermometer
            Ear Thermometer
            Heart Rate Sensor
            Heart Rate Belt
            Blood Pressure
            Arm Blood Pressure
            Wrist Blood Pressure
            Human Interface Device
            Keyboard
            Mouse
            Joystick
            Gamepad
            Digitizer Tablet
            Card Reader
            Digital Pen
            Barcode Scanner
            Touchpad
            Presentation Remote
            Glucose Meter
            Running Walking Sensor
            In-Shoe Running Walking Sensor
            On-Shoe Running Walking Sensor
            On-Hip Running Walking Sensor
            Cycling
            Cycling Computer
            Speed Sensor
            Cadence Sensor
            Power Sensor
            Speed and Cadence Sensor
            Control Device
            Switch
            Multi-switch
            Button
            Slider
            Rotary Switch
            Touch Panel
            Single Switch
            Double Switch
            Triple Switch
            Battery Switch
            Energy Harvesting Switch
            Push Button
            Dial
            Network Device
            Access Point
            Mesh Device
            Mesh Network Proxy
            Sensor
            Motion Sensor
            Air quality Sensor
            Temperature Sensor
            Humidity Sensor
            Leak Sensor
            Smoke Sensor
            Occupancy Sensor
            Contact Sensor
            Carbon Monoxide Sensor
            Carbon Dioxide Sensor
            Ambient Light Sensor
            Energy Sensor
            Color Light Sensor
            Rain Sensor
            Fire Sensor
            Wind Sensor
            Proximity Sensor
            Multi-Sensor
            Flush Mounted Sensor
            Ceiling Mounted Sensor
            Wall Mounted Sensor
            Multisensor
            Energy Meter
            Flame Detector
            Vehicle Tire Pressure Sensor
            Light Fixtures
            Wall Light
            Ceiling Light
            Floor Light
            Cabinet Light
            Desk Light
            Troffer Light
            Pendant Light
            In-ground Light
            Flood Light
            Underwater Light
            Bollard with Light
            Pathway Light
            Garden Light
            Pole-top Light
            Spotlight
            Linear Light
            Street Light
            Shelves Light
            Bay Light
            Emergency Exit Light
            Light Controller
            Light Driver
            Bulb
            Low-bay Light
            High-bay Light
            Fan
            Ceiling Fan
            Axial Fan
            Exhaust Fan
            Pedestal Fan
            Desk Fan
            Wall Fan
            HVAC
            Thermostat
            Humidifier
            De-humidifier
            Heater
            Radiator
            Boiler
            Heat Pump
            Infrared Heater
            Radiant Panel Heater
            Fan Heater
            Air Curtain
            Air Conditioning
            Humidifier
            Heating
            Radiator
            Boiler
            Heat Pump
            Infrared Heater
            Radiant Panel Heater
            Fan Heater
            Air Curtain
            Access Control
            Access Door
            Garage Door
            Emergency Exit Door
            Access Lock
            Elevator
            Window
            Entrance Gate
            Door Lock
            Locker
            Motorized Device
            Motorized Gate
            Awning
            Blinds or Shades
            Curtains
            Screen
            Power Device
            Power Outlet
            Power Strip
            Plug
            Power Supply
            LED Driver
            Fluorescent Lamp Gear
            HID Lamp Gear
            Charge Case
            Power Bank
            Light Source
            Incandescent Light Bulb
            LED Lamp
            HID Lamp
            Fluorescent Lamp
            LED Array
            Multi-Color LED Array
            Low voltage halogen
            Organic light emitting diode (OLED)
            Window Covering
            Window Shades
            Window Blinds
            Window Awning
            Window Curtain
            Exterior Shutter
            Exterior Screen
            Audio Sink
            Standalone Speaker
            Soundbar
            Bookshelf Speaker
            Standmounted Speaker
            Speakerphone
            Audio Source
            Microphone
            Alarm
            Bell
            Horn
            Broadcasting Device
            Service Desk
            Kiosk
            Broadcasting Room
            Auditorium
            Motorized Vehicle
            Car
            Large Goods Vehicle
            2-Wheeled Vehicle
            Motorbike
            Scooter
            Moped
            3-Wheeled Vehicle
            Light Vehicle
            Quad Bike
            Minibus
            Bus
            Trolley
            Agricultural Vehicle
            Camper / Caravan
            Recreational Vehicle / Motor Home
            Domestic Appliance
            Refrigerator
            Freezer
            Oven
            Microwave
            Toaster
            Washing Machine
            Dryer
            Coffee maker
            Clothes iron
            Curling iron
            Hair dryer
            Vacuum cleaner
            Robotic vacuum cleaner
            Rice cooker
            Clothes steamer
            Wearable Audio Device
            Earbud
            Headset
            Headphones
            Neck Band
            Aircraft
            Light Aircraft
            Microlight
            Paraglider
            Large Passenger Aircraft
            AV Equipment
            Amplifier
            Receiver
            Radio
            Tuner
            Turntable
            CD Player
            DVD Player
            Bluray Player
            Optical Disc Player
            Set-Top Box
            Display Equipment
            Television
            Monitor
            Projector
            Hearing aid
            In-ear hearing aid
            Behind-ear hearing aid
            Cochlear Implant
            Gaming
            Home Video Game Console
            Portable handheld console
            Signage
            Digital Signage
            Electronic Label
            Pulse Oximeter
            Fingertip Pulse Oximeter
            Wrist Worn Pulse Oximeter
            Weight Scale
            Personal Mobility Device
            Powered Wheelchair
            Mobility Scooter
            Continuous Glucose Monitor
            Insulin Pump
            Insulin Pump, durable pump
            Insulin Pump, patch pump
            Insulin Pen
            Medication Delivery
            Spirometer
            Handheld Spirometer
            Outdoor Sports Activity
            Location Display
            Location and Navigation Display
            Location Pod
            Location and Navigation Pod
            """
    )
}
