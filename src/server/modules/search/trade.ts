/**
 * The pool trade's own vocabulary, built into every index beside the operator's synonyms
 * (search_synonyms): what shoppers and service pros call a product ('hot tub' for spa,
 * 'pucks' for chlorine tablets, 'muriatic acid' for pH decreaser) and the two-word names they
 * type joined ('sandfilter', 'flowswitch'). A group's entries match each other as SYNONYM
 * (ranked below the word itself); a group of one phrase only makes documents index the
 * phrase joined, so the joined spelling finds it (see Synonyms in words.ts).
 * Abbreviations standing for several words ('vsp') are query expansions (text.ts).
 * @module
 */

/** Groups of words or phrases meaning the same to a pool shopper. */
export const TRADE_SYNONYMS: readonly (readonly string[])[] = [
  // spas
  ['hot tub', 'spa', 'hottub', 'jacuzzi'],
  // filters and their media
  ['media filter', 'sand filter'],
  ['de', 'diatomaceous earth', 'd.e.'],
  ['de powder', 'de filter aid', 'diatomaceous earth filter powder'],
  ['glass media', 'filter glass', 'glass sand'],
  ['cartridge', 'cart', 'element'],
  ['grid', 'grids', 'de grid', 'filter grid'],
  // pumps and motors
  ['vs', 'variable speed', 'variable-speed', 'var speed'],
  ['two speed', 'dual speed', '2 speed'],
  ['single speed', 'one speed', '1 speed'],
  ['circ pump', 'circulation pump'],
  ['hp', 'horsepower'],
  ['pump basket', 'strainer basket', 'pump strainer basket', 'hair and lint basket', 'trap basket'],
  ['pump lid', 'strainer cover', 'trap lid', 'strainer lid', 'pump cover'],
  // chemicals
  ['puck', 'chlorine tablet', 'trichlor tablet', 'chlorine tab', 'trichlor tab'],
  ['tab', 'tablet'],
  ['muriatic acid', 'ph decreaser', 'ph down', 'ph minus', 'dry acid', 'acid', 'sodium bisulfate'],
  ['soda ash', 'ph increaser', 'ph up', 'ph plus', 'sodium carbonate'],
  ['baking soda', 'alkalinity increaser', 'alkalinity up', 'sodium bicarbonate', 'bicarb', 'alkalinity plus'],
  ['non chlorine shock', 'potassium monopersulfate', 'monopersulfate', 'oxidizer'],
  ['cal hypo', 'calcium hypochlorite', 'cal-hypo'],
  ['calcium increaser', 'hardness plus', 'calcium hardness increaser', 'hardness increaser', 'calcium chloride'],
  ['clarifier', 'water clarifier'],
  ['algaecide', 'algicide', 'algae killer', 'algae treatment'],
  ['enzyme', 'enzymes'],
  ['test strips', 'test strip', 'pool strips'],
  // salt systems
  ['swg', 'salt water generator', 'salt chlorine generator', 'salt system', 'salt water system', 'saltwater chlorinator', 'chlorinator', 'salt generator', 'salt chlorinator'],
  ['salt cell', 'swg cell', 'chlorinator cell', 'generator cell', 'turbo cell'],
  // heating
  ['igniter', 'ignitor'],
  ['heater', 'heat pump'],
  ['lp', 'propane', 'liquid propane'],
  ['ng', 'natural gas'],
  ['solar cover', 'solar blanket', 'bubble cover'],
  ['solar panel', 'solar heating panel', 'solar heater'],
  // cleaners
  ['vac', 'vacuum'],
  ['vacuum', 'pool vacuum', 'pool cleaner', 'automatic cleaner', 'cleaner'],
  ['robot', 'robotic'],
  ['tracks', 'track', 'drive track', 'treads'],
  ['leaf canister', 'leaf trap'],
  // skimmers, drains, lights, valves
  ['weir', 'skimmer weir', 'skimmer door', 'flapper'],
  ['skimmer lid', 'skimmer cover', 'deck lid'],
  ['main drain', 'drain cover', 'floor drain'],
  ['light', 'lamp', 'bulb', 'lite'],
  ['led', 'led light'],
  ['multiport', 'multiport valve', 'backwash valve', 'mpv'],
  ['diverter', 'diverter valve', '3 way valve', 'three way valve'],
  ['check valve', 'spring check valve'],
  ['actuator', 'valve actuator', 'valve motor'],
  ['o-ring', 'oring', 'gasket'],
  ['shaft seal', 'mechanical seal', 'pump seal', 'seal kit'],
  ['jet', 'jets', 'spa jet', 'hot tub jet'],
  ['topside', 'topside control', 'spa control', 'spa side remote'],
  ['gpm', 'gallons per minute', 'flow rate'],
  ['tdh', 'total dynamic head'],
  ['gal', 'gallon', 'gallons'],
  ['v', 'volt', 'volts', 'voltage'],
  ['sqft', 'sq ft', 'square feet', 'square foot'],
  ['ft', 'feet', 'foot'],
  ['lb', 'lbs', 'pound', 'pounds'],
  ['cover reel', 'reel', 'roller'],
  ['safety cover', 'mesh cover', 'solid cover'],
  ['winter cover', 'winterizing cover', 'closing cover'],
  // names typed joined: indexed joined where the catalogue writes them apart
  ['sand filter'], ['flow switch'], ['heat pump'], ['pool pump'], ['spa pump'], ['filter cartridge'], ['pool filter'],
  ['skimmer basket'], ['test kit'], ['leaf bag'], ['control board'], ['heat exchanger'], ['pool light'], ['spa light'],
  ['above ground'], ['in ground'], ['pool cover'], ['pool heater'], ['spa heater'], ['gas heater'], ['cell cord'],
  ['high limit'], ['pressure switch'], ['ball valve'], ['filter sand'], ['cartridge filter'], ['de filter'], ['drain sump'],
  ['face ring'], ['light niche'], ['spa cover'], ['pool motor'], ['pump motor'], ['water clarifier'], ['heating panel'],
];
