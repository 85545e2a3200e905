/// The limits of the D-Bus specification ("Valid Signatures", "Marshaling (Wire Format)").
public enum DBusLimits {
    /// The largest message: 2²⁷ bytes (128 MiB), header and body together.
    public static let maximumMessageLength = 134_217_728
    /// The largest array: 2²⁶ bytes (64 MiB) of elements, not counting the padding before the first.
    public static let maximumArrayLength = 67_108_864
    /// The longest signature: 255 bytes.
    public static let maximumSignatureLength = 255
    /// The longest name (interface, member, error, bus name): 255 bytes.
    public static let maximumNameLength = 255
    /// The deepest nesting of arrays in one signature.
    public static let maximumArrayDepth = 32
    /// The deepest nesting of structs (and dict entries) in one signature.
    public static let maximumStructDepth = 32
    /// The deepest nesting of containers in a value, variants included.
    public static let maximumTotalDepth = 64
}
