import Foundation

/// Where the tools keep their state between runs, after the XDG Base Directory rules:
/// `$XDG_STATE_HOME/nightlight/…`, else `$HOME/.local/state/nightlight/…`.
public enum ToolPaths {
    /// `$XDG_STATE_HOME/nightlight` when `XDG_STATE_HOME` is an absolute path (the XDG rule:
    /// a relative one is ignored), else `$HOME/.local/state/nightlight`; only when `HOME` is not
    /// an absolute path either, the account's home from the password database.
    public static func stateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return (state as NSString).appendingPathComponent("nightlight")
        }
        // $HOME, not NSHomeDirectory(): on Linux that is the passwd entry and ignores $HOME.
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/state/nightlight")
    }

    /// Where virtual devices keep their settings between runs (their "flash"):
    /// `$NIGHTLIGHT_SIM_DIR`, else `sim` in ``stateDirectory(environment:)``.
    public static func deviceDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["NIGHTLIGHT_SIM_DIR"], !explicit.isEmpty { return explicit }
        return (stateDirectory(environment: environment) as NSString).appendingPathComponent("sim")
    }

    /// The bond file of the tools' central: `bonds` in ``stateDirectory(environment:)``.
    public static func bondFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (stateDirectory(environment: environment) as NSString).appendingPathComponent("bonds")
    }
}
