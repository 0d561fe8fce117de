/**
 * Words the demo agent understands: city names mapped to IANA time zones, and CSS colour names.
 */

/** City, country and abbreviation names (lower case) mapped to the IANA time zone the demo agent asks for. */
export const CITY_TIME_ZONES: Readonly<Record<string, string>> = Object.freeze({
  tokyo: 'Asia/Tokyo',
  japan: 'Asia/Tokyo',
  osaka: 'Asia/Tokyo',
  seoul: 'Asia/Seoul',
  beijing: 'Asia/Shanghai',
  shanghai: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong',
  singapore: 'Asia/Singapore',
  mumbai: 'Asia/Kolkata',
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  bangalore: 'Asia/Kolkata',
  india: 'Asia/Kolkata',
  dubai: 'Asia/Dubai',
  moscow: 'Europe/Moscow',
  istanbul: 'Europe/Istanbul',
  athens: 'Europe/Athens',
  berlin: 'Europe/Berlin',
  paris: 'Europe/Paris',
  madrid: 'Europe/Madrid',
  rome: 'Europe/Rome',
  amsterdam: 'Europe/Amsterdam',
  zurich: 'Europe/Zurich',
  london: 'Europe/London',
  dublin: 'Europe/Dublin',
  lisbon: 'Europe/Lisbon',
  reykjavik: 'Atlantic/Reykjavik',
  'new york': 'America/New_York',
  nyc: 'America/New_York',
  boston: 'America/New_York',
  toronto: 'America/Toronto',
  chicago: 'America/Chicago',
  denver: 'America/Denver',
  'los angeles': 'America/Los_Angeles',
  'san francisco': 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  'mexico city': 'America/Mexico_City',
  'sao paulo': 'America/Sao_Paulo',
  'são paulo': 'America/Sao_Paulo',
  'buenos aires': 'America/Argentina/Buenos_Aires',
  honolulu: 'Pacific/Honolulu',
  sydney: 'Australia/Sydney',
  melbourne: 'Australia/Melbourne',
  auckland: 'Pacific/Auckland',
  cairo: 'Africa/Cairo',
  lagos: 'Africa/Lagos',
  nairobi: 'Africa/Nairobi',
  johannesburg: 'Africa/Johannesburg',
  utc: 'UTC',
  gmt: 'UTC',
});

/** True when `zone` is a time zone this Node knows (`Intl`), e.g. `Asia/Tokyo` or `UTC`. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The 148 CSS named colours (CSS Color Module Level 4), lower case. */
export const CSS_COLOR_NAMES: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod ' +
    'darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon ' +
    'darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray ' +
    'dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green ' +
    'greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon ' +
    'lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon ' +
    'lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta ' +
    'maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen ' +
    'mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen ' +
    'seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato ' +
    'turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

const COLOR_PREFIXES = ['light', 'dark', 'medium', 'pale', 'deep', 'hot', 'sky', 'sea', 'forest', 'royal', 'steel', 'powder', 'midnight'];

/**
 * A CSS colour written for people: `lightblue` -> `light blue`, `#ffeecc` and `rgb(...)` unchanged.
 */
export function humanizeColor(color: string): string {
  const lower = color.toLowerCase();
  if (!CSS_COLOR_NAMES.has(lower)) return color;
  for (const prefix of COLOR_PREFIXES) {
    if (lower.startsWith(prefix) && lower.length > prefix.length && CSS_COLOR_NAMES.has(lower.slice(prefix.length))) {
      return `${prefix} ${lower.slice(prefix.length)}`;
    }
  }
  return lower;
}
