import ArgumentParser
import BLEToolKit
import Foundation
import Nightlight
import NightlightStore

/// `nightlight schedule …`: the permanent week schedule on a nightlight, and the library of
/// saved schedules.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show, set, export, save and apply week schedules.",
        discussion: """
            The text form has one line per period, e.g. `Mon-Fri 19:30-24:00 #402000 fade 5` \
            (days, start-end, colour, optional fade in minutes); a first line `name: School nights` \
            names the schedule. `schedule export` prints it; `schedule set` reads it back (or JSON).
            """,
        subcommands: [
            ScheduleShow.self, ScheduleSet.self, ScheduleExport.self, ScheduleSave.self, ScheduleApply.self,
            ScheduleList.self, ScheduleRename.self, ScheduleDelete.self,
        ]
    )
}

extension WeekSchedule {
    /// Prints the schedule: JSON, or its text form.
    func print(json: Bool) throws {
        if json {
            ToolOutput.print(try PresentationJSON.encode(self))
        } else {
            ToolOutput.write(text.hasSuffix("\n") ? text : text + "\n")
        }
    }

    /// Reads a schedule from a file (`-` for standard input), as text or JSON.
    static func load(from path: String) throws -> WeekSchedule {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ToolError("cannot read the schedule file \(path): no such file, or not readable")
            }
            data = contents
        }
        let text = String(decoding: data, as: UTF8.self)
        let schedule: WeekSchedule
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
            do {
                schedule = try JSONDecoder().decode(WeekSchedule.self, from: data)
            } catch {
                throw ToolError("\(path) is not a week schedule in JSON: \(error)")
            }
        } else {
            do {
                schedule = try WeekSchedule(text: text)
            } catch {
                throw ToolError("\(path): \(error)")
            }
        }
        do {
            try schedule.validate()
        } catch {
            throw ToolError("\(path): \(error)")
        }
        return schedule
    }
}

struct ScheduleShow: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the nightlight's week schedule day by day.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let schedule = try await Session.run(target, options: options) { try await $0.client.read(.weekSchedule) }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(schedule))
            return
        }
        var lines = ["Week schedule \"\(schedule.name)\""]
        for day in Weekday.allCases {
            let group = schedule.group(for: day)
            let periods = schedule.periods(on: day)
            let text = periods.isEmpty ? "off" : periods.map(\.description).joined(separator: ", ")
            lines.append("  \(day.shortName)  \(TextLayout.padded(group?.name ?? "-", to: 12))  \(text)")
        }
        ToolOutput.write(lines.map { $0 + "\n" }.joined())
    }
}

struct ScheduleExport: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Print the nightlight's week schedule in the text form `schedule set` reads.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let schedule = try await Session.run(target, options: options) { try await $0.client.read(.weekSchedule) }
        try schedule.print(json: options.json)
    }
}

struct ScheduleSet: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Write a week schedule (text or JSON, from a file or - for standard input) to the nightlight.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Argument(help: ArgumentHelp("The schedule file, or - for standard input.", valueName: "file")) var file: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let schedule = try WeekSchedule.load(from: file)
        try await Session.run(target, options: options) { try await $0.client.write(.weekSchedule, schedule) }
        try options.report(schedule, "Week schedule \"\(schedule.name)\" written (\(schedule.groups.count) group\(schedule.groups.count == 1 ? "" : "s")).")
    }
}

struct ScheduleSave: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "save", abstract: "Save the nightlight's week schedule in the library under a name.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Argument(help: ArgumentHelp("The name to save it under.", valueName: "name")) var name: String
    @Flag(name: .long, help: "Replace a saved schedule of that name.") var replace = false
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let saved = try await Session.run(target, options: options) { session in
            let schedule = try await session.client.read(.weekSchedule)
            return try await session.store.saveSchedule(
                named: name, data: schedule.encode(), sourceDeviceAddress: session.client.peripheral.identifier.description, replacing: replace
            )
        }
        try options.report(saved, "Saved \"\(saved.name)\".")
    }
}

struct ScheduleApply: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "apply", abstract: "Write a saved schedule to the nightlight.")
    @Argument(help: ArgumentHelp("The saved schedule's name.", valueName: "name")) var name: String
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        let saved = try await store.schedule(named: name)
        try? store.close()
        let schedule: WeekSchedule
        do {
            schedule = try WeekSchedule(bytes: saved.data).named(saved.name)
        } catch {
            throw ToolError("the saved schedule \"\(saved.name)\" is damaged: \(error); delete it and save it again")
        }
        try await Session.run(target, options: options) { try await $0.client.write(.weekSchedule, schedule) }
        try options.report(schedule, "Applied \"\(saved.name)\".")
    }
}

struct ScheduleList: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the saved schedules.")
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let saved = try await store.schedules()
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(saved))
            return
        }
        guard !saved.isEmpty else {
            ToolOutput.print("No saved schedules: `nightlight schedule save TARGET NAME` saves a nightlight's.")
            return
        }
        var table = TextTable(columns: [TextTable.Column("NAME"), TextTable.Column("GROUPS"), TextTable.Column("UPDATED")])
        for entry in saved {
            let groups = (try? WeekSchedule(bytes: entry.data)).map { $0.groups.map(\.name).joined(separator: ", ") } ?? "(damaged)"
            table.rows.append([entry.name, groups, Timestamp.iso8601(entry.updatedAt)])
        }
        ToolOutput.write(table.lines.map { $0 + "\n" }.joined())
    }
}

struct ScheduleRename: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a saved schedule.")
    @Argument(help: ArgumentHelp("Its name.", valueName: "name")) var name: String
    @Argument(help: ArgumentHelp("The new name.", valueName: "new-name")) var newName: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        let renamed = try await store.renameSchedule(name, to: newName)
        try options.report(renamed, "Renamed \"\(name)\" to \"\(renamed.name)\".")
    }
}

struct ScheduleDelete: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a saved schedule.")
    @Argument(help: ArgumentHelp("Its name.", valueName: "name")) var name: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let store = try options.openStore()
        defer { try? store.close() }
        try await store.deleteSchedule(named: name)
        ToolOutput.print(options.json ? #"{"deleted":"\#(name)"}"# : "Deleted \"\(name)\".")
    }
}

/// `nightlight temp set|clear`: the temporary day schedule.
struct TempCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "temp",
        abstract: "Set or clear the temporary day schedule (it replaces the week schedule for a number of days).",
        subcommands: [TempSet.self, TempClear.self]
    )
}

struct TempSet: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the temporary day schedule: periods like `19:00-24:00 #402000 fade 5`.",
        discussion: "It counts today and ends at local midnight after the last day."
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Option(name: .long, help: ArgumentHelp("How many days, today included (1…30).", valueName: "n")) var days: Int
    @Argument(help: ArgumentHelp("The periods, each `HH:MM-HH:MM #RRGGBB [fade N]`.", valueName: "period")) var periods: [String]
    @OptionGroup var options: NightlightOptions

    func schedule() throws -> TemporaryDaySchedule {
        do {
            let schedule = try TemporaryDaySchedule(days: days, text: periods.joined(separator: "\n"))
            try schedule.validate()
            return schedule
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func validate() throws {
        guard (1...30).contains(days) else { throw ValidationError("--days must be 1…30 (0 cancels: use `nightlight temp clear`), not \(days)") }
        guard !periods.isEmpty else { throw ValidationError("give at least one period, e.g. 19:00-24:00 #402000") }
        _ = try schedule()
    }

    func execute() async throws {
        let schedule = try schedule()
        try await Session.run(target, options: options) { try await $0.client.write(.temporaryDaySchedule, schedule) }
        try options.report(schedule, "Temporary day schedule set for \(days) day\(days == 1 ? "" : "s"): \(schedule.periodsText).")
    }
}

struct TempClear: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Cancel the temporary day schedule.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        try await Session.run(target, options: options) { try await $0.client.write(.temporaryDaySchedule, .inactive) }
        try options.report(TemporaryDaySchedule.inactive, "Temporary day schedule cleared.")
    }
}
