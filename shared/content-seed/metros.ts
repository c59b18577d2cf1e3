/**
 * The metro areas of the `/metro/{name}` pages and `GET /api/metro-areas/{id}` (migration 0019): 25 US metros with
 * their centre and the ZIP3 prefixes (first three ZIP digits) that mostly lie in them. Written from general
 * knowledge of US geography; coarse on purpose (docs/decisions/022-retailer-directory.md).
 */
import { insertStatements } from "../catalogue/sql";

/** A seeded metro area (`metro_areas` row without the JSON encoding). */
export interface MetroSeed {
  id: number;
  name: string;
  displayName: string;
  state: string;
  latitude: number;
  longitude: number;
  zip3: readonly string[];
}

const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(3, "0"));

/** The 25 metros, ids 1..25. */
export const METROS: readonly MetroSeed[] = [
  {
    id: 1,
    name: "new-york",
    displayName: "New York City",
    state: "NY",
    latitude: 40.7128,
    longitude: -74.006,
    zip3: [...range(100, 104), "110", "111", "112", "113", "114", "116", "070", "071", "072", "073", "074", "075", "076"],
  },
  { id: 2, name: "los-angeles", displayName: "Los Angeles", state: "CA", latitude: 34.0522, longitude: -118.2437, zip3: [...range(900, 918), "935"] },
  { id: 3, name: "chicago", displayName: "Chicago", state: "IL", latitude: 41.8781, longitude: -87.6298, zip3: range(600, 608) },
  { id: 4, name: "houston", displayName: "Houston", state: "TX", latitude: 29.7604, longitude: -95.3698, zip3: ["770", "772", "773", "774", "775"] },
  {
    id: 5,
    name: "dallas",
    displayName: "Dallas–Fort Worth",
    state: "TX",
    latitude: 32.7767,
    longitude: -96.797,
    zip3: range(750, 754).concat(["760", "761", "762"]),
  },
  { id: 6, name: "phoenix", displayName: "Phoenix", state: "AZ", latitude: 33.4484, longitude: -112.074, zip3: ["850", "852", "853"] },
  {
    id: 7,
    name: "philadelphia",
    displayName: "Philadelphia",
    state: "PA",
    latitude: 39.9526,
    longitude: -75.1652,
    zip3: ["189", "190", "191", "193", "194", "080", "081"],
  },
  { id: 8, name: "san-antonio", displayName: "San Antonio", state: "TX", latitude: 29.4241, longitude: -98.4936, zip3: ["780", "781", "782"] },
  { id: 9, name: "san-diego", displayName: "San Diego", state: "CA", latitude: 32.7157, longitude: -117.1611, zip3: ["919", "920", "921"] },
  { id: 10, name: "san-francisco", displayName: "San Francisco Bay Area", state: "CA", latitude: 37.7749, longitude: -122.4194, zip3: range(940, 951) },
  { id: 11, name: "austin", displayName: "Austin", state: "TX", latitude: 30.2672, longitude: -97.7431, zip3: ["786", "787"] },
  { id: 12, name: "seattle", displayName: "Seattle", state: "WA", latitude: 47.6062, longitude: -122.3321, zip3: ["980", "981", "982", "983", "984"] },
  { id: 13, name: "denver", displayName: "Denver", state: "CO", latitude: 39.7392, longitude: -104.9903, zip3: ["800", "801", "802", "803", "804"] },
  {
    id: 14,
    name: "washington",
    displayName: "Washington, D.C.",
    state: "DC",
    latitude: 38.9072,
    longitude: -77.0369,
    zip3: ["200", "201", "202", "203", "204", "205", "206", "207", "208", "209", "220", "221", "222", "223", "569"],
  },
  {
    id: 15,
    name: "boston",
    displayName: "Boston",
    state: "MA",
    latitude: 42.3601,
    longitude: -71.0589,
    zip3: ["017", "018", "019", "020", "021", "022", "023", "024"],
  },
  { id: 16, name: "atlanta", displayName: "Atlanta", state: "GA", latitude: 33.749, longitude: -84.388, zip3: ["300", "301", "302", "303", "311"] },
  { id: 17, name: "miami", displayName: "Miami", state: "FL", latitude: 25.7617, longitude: -80.1918, zip3: ["330", "331", "332", "333", "334"] },
  {
    id: 18,
    name: "minneapolis",
    displayName: "Minneapolis–Saint Paul",
    state: "MN",
    latitude: 44.9778,
    longitude: -93.265,
    zip3: ["550", "551", "553", "554", "555"],
  },
  { id: 19, name: "detroit", displayName: "Detroit", state: "MI", latitude: 42.3314, longitude: -83.0458, zip3: ["480", "481", "482", "483"] },
  { id: 20, name: "portland", displayName: "Portland", state: "OR", latitude: 45.5152, longitude: -122.6784, zip3: ["970", "971", "972", "986"] },
  { id: 21, name: "las-vegas", displayName: "Las Vegas", state: "NV", latitude: 36.1699, longitude: -115.1398, zip3: ["889", "890", "891"] },
  { id: 22, name: "nashville", displayName: "Nashville", state: "TN", latitude: 36.1627, longitude: -86.7816, zip3: ["370", "371", "372"] },
  { id: 23, name: "new-orleans", displayName: "New Orleans", state: "LA", latitude: 29.9511, longitude: -90.0715, zip3: ["700", "701"] },
  { id: 24, name: "charlotte", displayName: "Charlotte", state: "NC", latitude: 35.2271, longitude: -80.8431, zip3: ["280", "281", "282"] },
  { id: 25, name: "salt-lake-city", displayName: "Salt Lake City", state: "UT", latitude: 40.7608, longitude: -111.891, zip3: ["840", "841"] },
];

/** `INSERT OR IGNORE` statements for the metro areas (an operator's edit survives a re-seed). */
export function metrosSeedStatements(): string[] {
  const rows = METROS.map((m) => ({
    id: m.id,
    name: m.name,
    display_name: m.displayName,
    state: m.state,
    latitude: m.latitude,
    longitude: m.longitude,
    zip3: JSON.stringify(m.zip3),
  }));
  return insertStatements("metro_areas", rows, 100, "INSERT OR IGNORE");
}
