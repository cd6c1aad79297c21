/// What a chart says about itself; every field is optional text from the file.
public struct ChartMetadata: Hashable, Sendable {
    public var title: String?
    public var artist: String?
    public var genre: String?
    public var comment: String?
    /// The difficulty on the source's own scale (DTX level, `song.ini` `diff_drums`, or the native `difficulty:`).
    public var difficulty: Int?

    public init(
        title: String? = nil, artist: String? = nil, genre: String? = nil, comment: String? = nil,
        difficulty: Int? = nil
    ) {
        self.title = title
        self.artist = artist
        self.genre = genre
        self.comment = comment
        self.difficulty = difficulty
    }
}
