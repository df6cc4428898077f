extension PlaceCompleter {
    /// Whether the loaded postal codes hold any of `country`'s (ISO alpha-2). O(postal codes).
    public func shipsPostalCodes(of country: String) -> Bool {
        (0..<postalTrie.entryCount).contains { placeTable.string(2, of: Int(postalTrie.entryGroup[$0])) == country }
    }
}
