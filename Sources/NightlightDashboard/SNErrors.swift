import BLE
import DashboardShell
import Nightlight
import NightlightStore

// How the dashboard answers the errors of the SN profile and of the store (DashboardShell asks
// through DashboardErrorConvertible), and where a broken profile rule is in a request.

extension NightlightError: DashboardErrorConvertible {
    package var dashboardError: DashboardError {
        switch code {
        case .invalidValue:
            if let value = valueError { return DashboardError.invalid(value) }
            return DashboardError(.badRequest, "invalidValue", message)
        case .childNameRequired: return DashboardError(.badRequest, "childNameRequired", message, field: "childName")
        case .refused: return DashboardError(.unprocessableContent, "refused", message)
        // §9.1 and §9.4, in the page's words (the profile's messages name the `nightlight` commands).
        case .pairingWindowClosed:
            return DashboardError(
                .conflict, code.rawValue,
                "the nightlight is not accepting a new pairing: its pairing window is closed. Hold its child button for 3 seconds "
                    + "(the window then stays open for 60 seconds) and pair again."
            )
        case .bondLost:
            return DashboardError(
                .conflict, code.rawValue,
                "the nightlight no longer knows this dashboard: it was reset, or it paired with other phones or computers since "
                    + "and dropped this dashboard's keys. Pair it again (if it refuses, hold its child button for 3 seconds first)."
            )
        case .pairingRequired:
            return DashboardError(
                .conflict, code.rawValue,
                "the nightlight accepts this only from a paired, encrypted link, and this dashboard has no keys for it: pair it again."
            )
        case .notANightlight: return DashboardError(.badGateway, "notANightlight", message)
        case .bluetooth:
            if let ble = bleError { return DashboardError.fromBLE(ble, message: message, device: "the nightlight") }
            return DashboardError(.badGateway, "unreachable", message)
        default: return DashboardError(.badGateway, code.rawValue, message)
        }
    }
}

extension StoreError: DashboardErrorConvertible {
    package var dashboardError: DashboardError {
        switch code {
        case .deviceNotFound, .scheduleNotFound: return DashboardError(.notFound, code.rawValue, message)
        case .scheduleExists: return DashboardError(.conflict, code.rawValue, message, field: "name")
        case .ambiguousDevice: return DashboardError(.conflict, code.rawValue, message)
        case .invalidValue: return DashboardError(.badRequest, "invalidValue", message)
        default: return DashboardError(.internalServerError, code.rawValue, message)
        }
    }
}

extension SNValueError: DashboardErrorConvertible, DashboardValueError {
    package var dashboardError: DashboardError { DashboardError.invalid(self) }
}

extension DashboardError {
    /// A 400 for a profile rule broken by a value of the request; `field` is where the value is.
    static func invalid(_ error: SNValueError, in field: String? = nil, groups: [String] = []) -> DashboardError {
        DashboardError(
            .badRequest, "invalidValue", error.description,
            field: FieldPath.json(for: error.path, prefix: field, groups: groups), path: error.path.isEmpty ? nil : error.path
        )
    }
}

extension RequestInput {
    /// Checks a profile value, reporting a broken rule under `field`.
    static func validate(_ value: some SNValue, in field: String? = nil, groups: [String] = []) throws {
        do {
            try value.validate()
        } catch {
            throw DashboardError.invalid(error, in: field, groups: groups)
        }
    }
}

extension FieldPath {
    /// The JSON path of an `SNValueError` path (`["group School", "period 2 (19:00–18:00)",
    /// "end"]` → `groups[i].periods[1].end`) under `prefix`; group names are found in `groups`.
    package static func json(for path: [String], prefix: String? = nil, groups: [String] = []) -> String? {
        var parts: [String] = prefix.map { [$0] } ?? []
        for component in path {
            if let name = component.dropPrefix("group #"), let number = Int(name) {
                parts.append("groups[\(number - 1)]")
            } else if let name = component.dropPrefix("group ") {
                parts.append(groups.firstIndex(of: name).map { "groups[\($0)]" } ?? "groups")
            } else if let rest = component.dropPrefix("period "), let number = Int(rest.prefix { $0.isNumber }) {
                parts.append("periods[\(number - 1)]")
            } else if (try? DaySet(parsing: component)) != nil {
                parts.append("groups")
            } else if let known = names[component] ?? names[Self.withoutValue(component)] {
                parts.append(known)
            } else {
                parts.append(component)
            }
        }
        guard !parts.isEmpty else { return prefix }
        return parts.reduce("") { text, part in
            text.isEmpty || part.hasPrefix("[") ? text + part : text + "." + part
        }
    }

    /// `ON time 0` → `ON time`: a field name without the value the profile put after it.
    private static func withoutValue(_ component: String) -> String {
        guard let space = component.lastIndex(of: " "), Int(component[component.index(after: space)...]) != nil else { return component }
        return String(component[..<space])
    }

    /// Profile field names and their JSON keys.
    private static let names: [String: String] = [
        "ON time": "onTime", "daily usage": "dailyUsage", "remaining days": "remainingDays",
        "group count": "groups", "period count": "periods", "fade": "fade", "start": "start", "end": "end",
        "name": "name", "days": "days", "deactivation time": "deactivationWindow",
    ]
}
