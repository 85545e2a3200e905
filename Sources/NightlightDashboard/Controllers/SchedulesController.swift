import DashboardShell
import Foundation
import Hummingbird
import Nightlight
import NightlightStore

/// `/api/schedules…`: the library of saved week schedules.
struct SchedulesController {
    let store: NightlightStore
    let operations: NightlightOperations

    /// The longest library name, in UTF-8 bytes.
    static let maximumNameLength = 60

    func add(to api: RouterGroup<DashboardContext>) {
        api.get("schedules") { _, _ in JSONBody.response(try await store.schedules().map(ScheduleRecord.init)) }
        api.post("schedules") { request, _ in
            let body = try await JSONBody.decode(SaveScheduleRequest.self, from: request)
            let name = try RequestInput.name(body.name, field: "name", maximumBytes: Self.maximumNameLength)
            let schedule: WeekSchedule
            var source: String?
            switch (body.fromDevice, body.schedule) {
            case (let address?, nil):
                let address = try RequestInput.address(address, field: "fromDevice")
                schedule = try await operations.onPaired(address, field: "fromDevice") { try await $0.read(.weekSchedule) }
                source = address
            case (nil, let given?):
                try RequestInput.validate(given, in: "schedule", groups: given.groups.map(\.name))
                schedule = given
            default:
                throw DashboardError.invalid("fromDevice", "give either fromDevice (a paired nightlight's address) or schedule, not both or neither")
            }
            let saved = try await store.saveSchedule(named: name, data: schedule.encode(), sourceDeviceAddress: source, replacing: body.replace ?? false)
            return JSONBody.response(ScheduleRecord(saved), status: .created)
        }
        api.post("schedules/:name/apply") { request, context in
            let name = try RequestInput.scheduleName(context)
            let body = try await JSONBody.decode(ApplyScheduleRequest.self, from: request)
            let address = try RequestInput.address(body.address, field: "address")
            let expected = try ScheduleVersion.expected(by: request.headers[.ifMatch])
            let saved = try await store.schedule(named: name)
            guard let schedule = try? WeekSchedule(bytes: saved.data).named(saved.name) else {
                throw DashboardError(.unprocessableContent, "damaged", "the saved schedule \"\(saved.name)\" is damaged; delete it and save it again")
            }
            let version = try await operations.writeWeekSchedule(schedule, to: address, expected: expected, field: "schedule", addressField: "address")
            return JSONBody.response(schedule, version: version)
        }
        api.patch("schedules/:name") { request, context in
            let name = try RequestInput.scheduleName(context)
            let body = try await JSONBody.decode(RenameRequest.self, from: request)
            let newName = try RequestInput.name(body.name, field: "name", maximumBytes: Self.maximumNameLength)
            return JSONBody.response(ScheduleRecord(try await store.renameSchedule(name, to: newName)))
        }
        api.post("schedules/:name/duplicate") { request, context in
            let name = try RequestInput.scheduleName(context)
            let body = try await JSONBody.decode(DuplicateRequest.self, from: request)
            let newName = try body.name.map { try RequestInput.name($0, field: "name", maximumBytes: Self.maximumNameLength) }
            return JSONBody.response(ScheduleRecord(try await store.duplicateSchedule(name, as: newName)), status: .created)
        }
        api.delete("schedules/:name") { _, context in
            try await store.deleteSchedule(named: try RequestInput.scheduleName(context))
            return Response(status: .noContent)
        }
    }
}
