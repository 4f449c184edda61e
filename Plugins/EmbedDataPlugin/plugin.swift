import Foundation
import PackagePlugin

/// Runs `EmbedData` over the package's `Data/` folder before the target
/// builds, so the default roster and the pictures are compiled into the
/// binary. Every file in `Data/` is an input: editing one rebuilds.
@main
struct EmbedDataPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dataDirectory = context.package.directoryURL.appendingPathComponent("Data")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
        let inputs = try FileManager.default
            .contentsOfDirectory(at: dataDirectory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files from Data/",
                executable: try context.tool(named: "EmbedData").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
