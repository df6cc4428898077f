import Foundation
import Testing
@testable import Geo

/// Credentials in an endpoint URL are never shown: not in a message, not in a folder name.
@Suite struct CopernicusCredentialsTests {
    @Test func testRedacted_whenTheURLHoldsUserAndSecret_showsNeither() {
        #expect(CopernicusFetcher.redacted("https://user:secret@tiles.example/{bucket}/x.tif") == "https://…@tiles.example/{bucket}/x.tif")
        #expect(CopernicusFetcher.redacted("http://127.0.0.1:9/{bucket}") == "http://127.0.0.1:9/{bucket}")
        // An @ in the path is no credential.
        #expect(CopernicusFetcher.redacted("https://tiles.example/a@b/x.tif") == "https://tiles.example/a@b/x.tif")
    }

    @Test func testFolderName_whenTheEndpointHoldsASecret_leavesItOut() {
        let name = CopernicusTileCache.folderName(of: "https://user:secret@tiles.example/{bucket}")
        #expect(!name.contains("secret") && !name.contains("user"), "\(name)")
        #expect(name != CopernicusTileCache.folderName(of: "https://other:secret@tiles.example/{bucket}"), "two credentials, two folders")
        #expect(CopernicusTileCache.folderName(of: "http://127.0.0.1:9/{bucket}") == "127.0.0.1_9__bucket_")
    }
}
