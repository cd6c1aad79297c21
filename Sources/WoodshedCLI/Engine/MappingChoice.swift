import WoodshedConfig
import WoodshedCore
import WoodshedEngine

/// Resolves `--map NAME|PATH` through the bundled mappings folder (or a file).
enum MappingChoice {
    static func load(_ map: String) throws -> Mapping {
        try MappingLibrary().load(map)
    }
}
