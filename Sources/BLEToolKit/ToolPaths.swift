import Foundation

/// Where the tools keep their state between runs, after the XDG Base Directory rules:
/// `$XDG_STATE_HOME/nightlight/…`, else `$HOME/.local/state/nightlight/…`.
public enum ToolPaths {
    /// `$XDG_STATE_HOME/nightlight`, else `$HOME/.local/state/nightlight`.
    public static func stateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        // $HOME, not NSHomeDirectory(): on Linux that is the passwd entry and ignores $HOME.
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (home as NSString).appendingPathComponent(".local/state")
        return (state as NSString).appendingPathComponent("nightlight")
    }
}
