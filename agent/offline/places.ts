/**
 * Where a place is in time: a city (or a country with one zone) → its IANA time zone. Every zone
 * the runtime knows names its main city ("Asia/Tokyo" → Tokyo, "America/Argentina/Buenos_Aires"
 * → Buenos Aires), so the lookup is built from `Intl.supportedValuesOf('timeZone')`; a short list
 * adds big cities and countries that no zone is named after.
 */

/** Places no zone is named after, and the zone they keep. */
const EXTRA_PLACES: Record<string, string> = {
  'san francisco': 'America/Los_Angeles',
  sf: 'America/Los_Angeles',
  la: 'America/Los_Angeles',
  nyc: 'America/New_York',
  dc: 'America/New_York',
  seattle: 'America/Los_Angeles',
  'las vegas': 'America/Los_Angeles',
  'san diego': 'America/Los_Angeles',
  boston: 'America/New_York',
  washington: 'America/New_York',
  miami: 'America/New_York',
  atlanta: 'America/New_York',
  philadelphia: 'America/New_York',
  montreal: 'America/Toronto',
  houston: 'America/Chicago',
  dallas: 'America/Chicago',
  austin: 'America/Chicago',
  beijing: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong',
  mumbai: 'Asia/Kolkata',
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  bangalore: 'Asia/Kolkata',
  kyoto: 'Asia/Tokyo',
  osaka: 'Asia/Tokyo',
  cebu: 'Asia/Manila',
  davao: 'Asia/Manila',
  'quezon city': 'Asia/Manila',
  makati: 'Asia/Manila',
  'ho chi minh city': 'Asia/Ho_Chi_Minh',
  hanoi: 'Asia/Bangkok',
  barcelona: 'Europe/Madrid',
  munich: 'Europe/Berlin',
  frankfurt: 'Europe/Berlin',
  milan: 'Europe/Rome',
  venice: 'Europe/Rome',
  geneva: 'Europe/Zurich',
  edinburgh: 'Europe/London',
  manchester: 'Europe/London',
  'saint petersburg': 'Europe/Moscow',
  'st petersburg': 'Europe/Moscow',
  'rio de janeiro': 'America/Sao_Paulo',
  'tel aviv': 'Asia/Jerusalem',
  'cape town': 'Africa/Johannesburg',
  'abu dhabi': 'Asia/Dubai',
  japan: 'Asia/Tokyo',
  philippines: 'Asia/Manila',
  korea: 'Asia/Seoul',
  'south korea': 'Asia/Seoul',
  china: 'Asia/Shanghai',
  india: 'Asia/Kolkata',
  france: 'Europe/Paris',
  germany: 'Europe/Berlin',
  italy: 'Europe/Rome',
  spain: 'Europe/Madrid',
  uk: 'Europe/London',
  england: 'Europe/London',
  'united kingdom': 'Europe/London',
  ireland: 'Europe/Dublin',
  netherlands: 'Europe/Amsterdam',
  thailand: 'Asia/Bangkok',
  vietnam: 'Asia/Ho_Chi_Minh',
  singapore: 'Asia/Singapore',
  'new zealand': 'Pacific/Auckland',
  egypt: 'Africa/Cairo',
  utc: 'UTC',
  gmt: 'UTC',
};

/** Older or alternative names the runtime lists beside the current ones. */
const PREFERRED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
};

/** "Santo Domingo", "St. Johns" → "santo domingo", "st johns". */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[._'’-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

let places: Map<string, string> | undefined;

function buildPlaces(): Map<string, string> {
  const map = new Map<string, string>();
  for (const zone of supportedZones()) {
    const parts = zone.split('/');
    const city = parts[parts.length - 1];
    if (parts.length < 2 || !city || /^(GMT|Etc)/.test(zone)) continue;
    const key = placeKey(city);
    const preferred = PREFERRED[zone] ?? zone;
    // the first zone for a name wins, unless a later one is the current spelling
    if (!map.has(key) || PREFERRED[map.get(key) ?? ''] !== undefined) map.set(key, preferred);
    // the current spelling's city too ("Asia/Saigon" is listed, "Ho Chi Minh" is asked for)
    const current = preferred.split('/').pop();
    if (current) map.set(placeKey(current), preferred);
  }
  for (const [name, zone] of Object.entries(EXTRA_PLACES)) map.set(placeKey(name), zone);
  return map;
}

/** The IANA zone of a city or country, or undefined when it is not a place BMO knows. */
export function zoneForPlace(name: string): string | undefined {
  places ??= buildPlaces();
  const key = placeKey(name.replace(/^the\s+/i, ''));
  if (!key) return undefined;
  return places.get(key);
}

/** The place's name as a person writes it: "tokyo" → "Tokyo", "NEW YORK" → "New York". */
export function placeName(name: string): string {
  return placeKey(name)
    .split(' ')
    .map((word) => (word.length <= 2 ? word.toUpperCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join(' ');
}
