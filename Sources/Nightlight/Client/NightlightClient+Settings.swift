extension NightlightClient {
    /// The child button settings, read from their six characteristics (§5).
    public func buttonSettings() async throws(NightlightError) -> ChildButtonSettings {
        ChildButtonSettings(
            isEnabled: try await read(.buttonMode), color: try await read(.buttonColor), onTime: try await read(.onTime),
            dailyUsage: try await read(.dailyUsage), deactivationWindow: try await read(.deactivationTime),
            shakeMode: try await read(.shakeModeControl)
        )
    }

    /// Writes the child button settings that differ from what the SN has (each validated first).
    public func writeButtonSettings(_ settings: ChildButtonSettings) async throws(NightlightError) {
        do {
            try settings.validate()
        } catch {
            throw .invalid(error, "child button settings not written")
        }
        let current = try await buttonSettings()
        if settings.isEnabled != current.isEnabled { try await write(.buttonMode, settings.isEnabled) }
        if settings.color != current.color { try await write(.buttonColor, settings.color) }
        if settings.onTime != current.onTime { try await write(.onTime, settings.onTime) }
        if settings.dailyUsage != current.dailyUsage { try await write(.dailyUsage, settings.dailyUsage) }
        if settings.deactivationWindow != current.deactivationWindow { try await write(.deactivationTime, settings.deactivationWindow) }
        if settings.shakeMode != current.shakeMode { try await write(.shakeModeControl, settings.shakeMode) }
    }

    /// The LED settings (§4): power, link, proof mode and the four colours.
    public func ledSettings() async throws(NightlightError) -> LEDSettings {
        var colors: [RGBColor] = []
        for index in 1...4 { colors.append(try await read(.ledColor(index))) }
        return LEDSettings(
            isPowerEnabled: try await read(.ledPowerEnable), isLinked: try await read(.ledLink),
            isProofModeOn: try await read(.ledProofMode), colors: colors
        )
    }
}
