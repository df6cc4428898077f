/// The IPCC AR6 projections of global mean sea level, relative to the 1995–2014 mean, in
/// millimetres: the 17th percentile, the median and the 83rd percentile of each scenario every
/// ten years from 2020 to 2150 (medium confidence: the processes the report projects with at
/// least medium confidence).
///
/// Source: the AR6 sea-level projections (Fox-Kemper et al. 2021, IPCC AR6 WG1 Chapter 9,
/// Table 9.9 and Figure 9.27; Garner et al. 2021, doi:10.5281/zenodo.5914709), CC BY 4.0. The
/// medium-confidence total is p-box 1e to 2100 and p-box 1f after, as the data set combines
/// them; the values are the chapter's Figure 9.27 data (data/README.md says where, and how
/// they were checked against Table 9.9 and the SPM). Kept in the code rather than read from
/// `data/` at start: 210 numbers that never change, which every adapter needs for its checks,
/// and that cannot then be missing or malformed where geoq is installed.
enum AR6GlobalMeanSeaLevel {
    /// The years tabulated, 2020 to 2150 by ten.
    static let years = Array(stride(from: 2020, through: 2150, by: 10))

    /// (17th, 50th, 83rd percentile) in mm by scenario and year.
    static let millimetres: [ClimateScenario: [Int: (p17: Int, p50: Int, p83: Int)]] = [
        .ssp119: [
            2020: (43, 49, 61),
            2030: (80, 92, 117),
            2040: (107, 128, 168),
            2050: (146, 176, 232),
            2060: (169, 210, 286),
            2070: (206, 260, 356),
            2080: (231, 301, 421),
            2090: (260, 347, 489),
            2100: (275, 384, 548),
            2110: (296, 427, 620),
            2120: (317, 465, 682),
            2130: (335, 501, 740),
            2140: (353, 535, 798),
            2150: (369, 569, 855)
        ],
        .ssp126: [
            2020: (43, 49, 61),
            2030: (79, 92, 117),
            2040: (114, 135, 175),
            2050: (158, 189, 247),
            2060: (192, 232, 311),
            2070: (234, 289, 391),
            2080: (266, 338, 466),
            2090: (298, 386, 539),
            2100: (324, 436, 615),
            2110: (351, 497, 702),
            2120: (380, 545, 777),
            2130: (407, 591, 851),
            2140: (433, 637, 923),
            2150: (457, 681, 994)
        ],
        .ssp245: [
            2020: (43, 49, 61),
            2030: (80, 93, 117),
            2040: (119, 141, 180),
            2050: (173, 204, 263),
            2060: (219, 262, 343),
            2070: (273, 330, 437),
            2080: (323, 403, 540),
            2090: (378, 476, 646),
            2100: (435, 556, 759),
            2110: (463, 627, 887),
            2120: (513, 701, 1000),
            2130: (562, 775, 1113),
            2140: (611, 847, 1223),
            2150: (657, 919, 1332)
        ],
        .ssp370: [
            2020: (43, 49, 61),
            2030: (81, 93, 117),
            2040: (124, 145, 185),
            2050: (183, 215, 274),
            2060: (239, 282, 365),
            2070: (306, 366, 476),
            2080: (377, 458, 600),
            2090: (457, 561, 741),
            2100: (548, 679, 901),
            2110: (571, 758, 1043),
            2120: (651, 868, 1199),
            2130: (731, 978, 1355),
            2140: (809, 1086, 1506),
            2150: (885, 1190, 1652)
        ],
        .ssp585: [
            2020: (43, 50, 62),
            2030: (85, 98, 122),
            2040: (134, 157, 197),
            2050: (198, 232, 293),
            2060: (262, 309, 396),
            2070: (339, 404, 522),
            2080: (420, 509, 664),
            2090: (520, 633, 828),
            2100: (625, 766, 1011),
            2110: (642, 856, 1191),
            2120: (732, 980, 1370),
            2130: (818, 1099, 1545),
            2140: (900, 1214, 1715),
            2150: (976, 1322, 1878)
        ]
    ]
}
