/// A table of Bluetooth assigned numbers: sorted 16-bit keys and the name of each.
///
/// The generated tables (`AssignedNumbers+Generated.swift`) build one from an integer array literal
/// and a single string with one name per line, which keeps the generated source quick to compile.
/// The names are split once, on first use of the table (static stored properties initialise lazily
/// and thread-safely).
struct AssignedNameTable: Sendable {
    /// The keys in ascending order.
    let keys: [UInt16]
    /// The name of each key, at the same index.
    let names: [String]

    /// Builds a table from ascending keys and their names joined by newlines, in the same order.
    init(keys: [UInt16], names joinedNames: String) {
        let names = joinedNames.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        precondition(keys.count == names.count, "assigned-number table: \(keys.count) keys, \(names.count) names")
        precondition(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "assigned-number table: keys not ascending")
        self.keys = keys
        self.names = names
    }

    /// The number of entries.
    var count: Int { keys.count }

    /// The name assigned to `key`, found by binary search, or `nil` when the table has no such key.
    func name(for key: UInt16) -> String? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < keys.count && keys[low] == key ? names[low] : nil
    }
}
