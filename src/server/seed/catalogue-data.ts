/**
 * The vocabulary of the generated pool and spa catalogue: the collection tree, fictional
 * vendors, and per leaf collection what its products are called, cost, weigh, which options and
 * tags they carry and what their picture looks like. Data only; `generate.ts` draws from it.
 * @module
 */

export { SHAPES, type Shape } from '../modules/media/shapes.ts';
import type { Shape } from '../modules/media/shapes.ts';

/** An option a leaf's products may have, with its values in display order. */
export type OptionDef = readonly [name: string, values: readonly string[]];

/** How the products of one leaf collection look. */
export interface LeafTemplate {
  shape: Shape;
  /** The product nouns ('Variable Speed Pool Pump'). */
  nouns: readonly string[];
  /** Price range in whole dollars. */
  price: readonly [number, number];
  /** Weight range in pounds. */
  weight: readonly [number, number];
  /** Options a multi-variant product picks from (one or two of them). */
  options: readonly OptionDef[];
  /** Tags besides Brand and Part Type: prefix and the values to draw one from. */
  tags: readonly OptionDef[];
  /** The 'Part Type' tag value. */
  partType: string;
  /** Share of products with several variants, 0..1. */
  variantShare: number;
  /** Replacement parts name the parts they fit. */
  fits?: boolean;
}

/** A node of the collection tree: a title and either children or a leaf template. */
export type TreeNode =
  | { title: string; children: readonly TreeNode[] }
  | { title: string; leaf: LeafTemplate };

const HP: OptionDef = ['Horsepower', ['0.75 HP', '1.0 HP', '1.5 HP', '2.0 HP', '2.7 HP', '3.0 HP']];
const VOLT: OptionDef = ['Voltage', ['115V', '230V']];
const VOLT_DUAL: OptionDef = ['Voltage', ['115V', '230V', '115/230V']];
const POOL_TYPE: OptionDef = ['Pool Type', ['In-Ground', 'Above Ground', 'Spa']];
const INGROUND: OptionDef = ['Pool Type', ['In-Ground']];
const ABOVE: OptionDef = ['Pool Type', ['Above Ground']];
const SPA: OptionDef = ['Pool Type', ['Spa']];
const CHEM_SIZE: OptionDef = ['Size', ['1 lb', '5 lb', '10 lb', '25 lb', '50 lb']];
const LIQ_SIZE: OptionDef = ['Size', ['1 qt', '1 gal', '2.5 gal']];
const PACK: OptionDef = ['Pack', ['Single', '2-Pack', '4-Pack', '10-Pack']];
const COLOR: OptionDef = ['Color', ['White', 'Black', 'Gray', 'Tan', 'Blue']];
const LENGTH: OptionDef = ['Length', ['25 ft', '35 ft', '50 ft', '60 ft']];
const POOL_SIZE: OptionDef = ['Size', ["12' x 24'", "16' x 32'", "18' x 36'", "20' x 40'", "24' Round", "30' Round"]];
const PIPE: OptionDef = ['Pipe Size', ['1.5"', '2"', '2.5"', '3"']];
const SQFT: OptionDef = ['Filter Area', ['50 sq ft', '75 sq ft', '100 sq ft', '150 sq ft', '200 sq ft']];
const BTU: OptionDef = ['BTU', ['150,000 BTU', '250,000 BTU', '300,000 BTU', '400,000 BTU']];
const GAS: OptionDef = ['Fuel', ['Natural Gas', 'Propane']];
const LIGHT_COLOR: OptionDef = ['Light Color', ['White', 'Color-Changing']];
const CORD: OptionDef = ['Cord Length', ['30 ft', '50 ft', '100 ft']];
const GALLONS: OptionDef = ['Pool Size', ['up to 20,000 gal', 'up to 30,000 gal', 'up to 40,000 gal']];

const t = (
  shape: Shape,
  nouns: readonly string[],
  price: readonly [number, number],
  weight: readonly [number, number],
  partType: string,
  options: readonly OptionDef[],
  tags: readonly OptionDef[],
  variantShare = 0.45,
  fits = false,
): LeafTemplate => ({ shape, nouns, price, weight, options, tags, partType, variantShare, fits });

const leaf = (title: string, template: LeafTemplate): TreeNode => ({ title, leaf: template });
const node = (title: string, children: readonly TreeNode[]): TreeNode => ({ title, children });

/** The collection tree: top level, then up to two more levels. */
export const COLLECTION_TREE: readonly TreeNode[] = [
  node('Pumps', [
    node('Variable Speed Pumps', [
      leaf('Inground Variable Speed Pumps', t('pump', ['Variable Speed Pool Pump', 'VS Inground Pump', 'Variable Speed Pump'], [699, 1899], [38, 62], 'Pump', [HP, VOLT], [['Speed', ['Variable']], INGROUND, ['Horsepower', HP[1]], VOLT])),
      leaf('Above Ground Variable Speed Pumps', t('pump', ['Variable Speed Above Ground Pump', 'VS Pump for Above Ground Pools'], [399, 999], [25, 40], 'Pump', [HP], [['Speed', ['Variable']], ABOVE, ['Horsepower', HP[1]], ['Voltage', ['115V']]])),
    ]),
    node('Single Speed Pumps', [
      leaf('Full-Rated Pumps', t('pump', ['Full-Rated Pool Pump', 'Single Speed Pump'], [299, 799], [30, 50], 'Pump', [HP, VOLT_DUAL], [['Speed', ['Single']], POOL_TYPE, ['Horsepower', HP[1]], VOLT_DUAL])),
      leaf('Up-Rated Pumps', t('pump', ['Up-Rated Pool Pump', 'Max-Rated Pump'], [249, 699], [28, 46], 'Pump', [HP], [['Speed', ['Single']], POOL_TYPE, ['Horsepower', HP[1]], VOLT])),
    ]),
    leaf('Booster Pumps', t('pump', ['Booster Pump', 'Pressure Cleaner Booster Pump'], [249, 599], [20, 32], 'Pump', [VOLT], [['Speed', ['Single']], INGROUND, VOLT])),
    node('Spa Pumps', [
      leaf('Circulation Pumps', t('pump', ['Spa Circulation Pump', 'Hot Tub Circ Pump'], [149, 449], [8, 18], 'Pump', [VOLT], [SPA, VOLT])),
      leaf('Jet Pumps', t('pump', ['Two-Speed Spa Jet Pump', 'Spa Jet Pump'], [299, 699], [22, 36], 'Pump', [HP, VOLT], [SPA, ['Speed', ['Dual', 'Single']], ['Horsepower', HP[1]], VOLT])),
    ]),
  ]),
  node('Filters & Cartridges', [
    leaf('Sand Filters', t('filter', ['Sand Filter System', 'Top-Mount Sand Filter', 'Side-Mount Sand Filter'], [299, 1199], [45, 120], 'Filter', [['Tank Size', ['19"', '22"', '24"', '30"']]], [['Filter Type', ['Sand']], POOL_TYPE])),
    leaf('Cartridge Filters', t('filter', ['Cartridge Filter', 'Quad Cartridge Filter', 'Single Element Cartridge Filter'], [349, 1399], [30, 90], 'Filter', [SQFT], [['Filter Type', ['Cartridge']], POOL_TYPE])),
    leaf('DE Filters', t('filter', ['DE Filter', 'Vertical Grid DE Filter'], [499, 1599], [40, 100], 'Filter', [SQFT], [['Filter Type', ['DE']], INGROUND])),
    node('Replacement Cartridges', [
      leaf('Pool Cartridges', t('cartridge', ['Replacement Filter Cartridge', 'Pool Filter Cartridge'], [29, 189], [2, 9], 'Cartridge', [SQFT, PACK], [['Filter Type', ['Cartridge']], POOL_TYPE], 0.35, true)),
      leaf('Spa Cartridges', t('cartridge', ['Spa Filter Cartridge', 'Hot Tub Filter'], [14, 79], [1, 4], 'Cartridge', [PACK], [['Filter Type', ['Cartridge']], SPA], 0.35, true)),
    ]),
    node('Filter Media', [
      leaf('Filter Sand', t('bag', ['Pool Filter Sand #20', 'Silica Filter Sand'], [19, 49], [50, 50], 'Filter Media', [PACK], [['Filter Type', ['Sand']]], 0.3)),
      leaf('DE Powder', t('bag', ['Diatomaceous Earth Filter Powder', 'DE Filter Aid'], [19, 59], [10, 50], 'Filter Media', [CHEM_SIZE], [['Filter Type', ['DE']]], 0.5)),
      leaf('Glass Media', t('bag', ['Recycled Glass Filter Media', 'Crushed Glass Media'], [39, 99], [50, 50], 'Filter Media', [PACK], [['Filter Type', ['Sand']]], 0.3)),
    ]),
  ]),
  node('Heaters & Heat Pumps', [
    node('Gas Heaters', [
      leaf('Natural Gas Heaters', t('heater', ['Natural Gas Pool Heater', 'Low NOx Gas Heater'], [1899, 4299], [110, 180], 'Heater', [BTU], [['Fuel', ['Natural Gas']], POOL_TYPE])),
      leaf('Propane Heaters', t('heater', ['Propane Pool Heater', 'LP Pool & Spa Heater'], [1999, 4399], [110, 180], 'Heater', [BTU], [['Fuel', ['Propane']], POOL_TYPE])),
    ]),
    leaf('Heat Pumps', t('heater', ['Heat Pump', 'Heat/Cool Heat Pump', 'Titanium Heat Pump'], [2499, 5999], [150, 260], 'Heat Pump', [BTU], [['Fuel', ['Electric']], POOL_TYPE, ['Voltage', ['230V']]])),
    leaf('Solar Heating', t('cover', ['Solar Heating Panel Kit', 'Solar Collector Panel'], [199, 999], [15, 60], 'Solar', [['Panel Size', ["2' x 10'", "2' x 20'", "4' x 12'"]]], [['Fuel', ['Solar']], POOL_TYPE])),
    node('Heater Parts', [
      leaf('Igniters', t('controller', ['Hot Surface Igniter', 'Igniter Assembly'], [49, 179], [0.5, 2], 'Heater Part', [GAS], [['Fuel', ['Natural Gas', 'Propane']]], 0.4, true)),
      leaf('Heat Exchangers', t('heater', ['Copper Heat Exchanger', 'Cupro-Nickel Heat Exchanger'], [499, 1499], [40, 90], 'Heater Part', [BTU], [['Fuel', ['Natural Gas', 'Propane']]], 0.4, true)),
      leaf('Thermostats', t('controller', ['Thermostat Control Board', 'High Limit Switch', 'Temperature Sensor'], [29, 249], [0.3, 2], 'Heater Part', [], [['Fuel', ['Natural Gas', 'Propane', 'Electric']]], 0, true)),
    ]),
  ]),
  node('Pool Cleaners', [
    leaf('Robotic Cleaners', t('cleaner', ['Robotic Pool Cleaner', 'Wall-Climbing Robotic Cleaner', 'Cordless Robotic Cleaner'], [499, 1799], [18, 30], 'Cleaner', [CORD], [['Cleaner Type', ['Robotic']], POOL_TYPE])),
    leaf('Suction Cleaners', t('cleaner', ['Suction-Side Cleaner', 'Automatic Suction Cleaner'], [199, 599], [10, 20], 'Cleaner', [LENGTH], [['Cleaner Type', ['Suction']], POOL_TYPE])),
    leaf('Pressure Cleaners', t('cleaner', ['Pressure-Side Cleaner', 'Booster-Powered Cleaner'], [399, 899], [12, 22], 'Cleaner', [], [['Cleaner Type', ['Pressure']], INGROUND], 0)),
    node('Cleaner Parts', [
      leaf('Tires & Tracks', t('ring', ['Cleaner Track Kit', 'Replacement Tire Kit', 'Drive Track'], [19, 89], [0.3, 2], 'Cleaner Part', [PACK], [['Cleaner Type', ['Robotic', 'Pressure', 'Suction']]], 0.3, true)),
      leaf('Cleaner Bags', t('bag', ['Leaf Bag', 'Fine Debris Bag', 'All-Purpose Cleaner Bag'], [19, 69], [0.3, 1], 'Cleaner Part', [PACK], [['Cleaner Type', ['Pressure']]], 0.3, true)),
      leaf('Cleaner Hoses', t('cleaner', ['Cleaner Hose Section', 'Feed Hose Assembly'], [9, 79], [0.5, 6], 'Cleaner Part', [LENGTH], [['Cleaner Type', ['Suction', 'Pressure']]], 0.4, true)),
    ]),
  ]),
  node('Chemicals', [
    node('Sanitizers', [
      leaf('Chlorine Tablets', t('jar', ['3" Stabilized Chlorine Tablets', '1" Chlorine Tablets', 'Chlorinating Sticks'], [24, 229], [5, 50], 'Chemical', [CHEM_SIZE], [['Sanitizer', ['Chlorine']], POOL_TYPE], 0.7)),
      leaf('Shock', t('jar', ['Cal-Hypo Shock', 'Non-Chlorine Shock', 'Dichlor Shock'], [9, 119], [1, 25], 'Chemical', [CHEM_SIZE, PACK], [['Sanitizer', ['Chlorine', 'Non-Chlorine']], POOL_TYPE], 0.6)),
      leaf('Bromine', t('jar', ['Bromine Tablets', 'Brominating Granules'], [29, 149], [1, 25], 'Chemical', [CHEM_SIZE], [['Sanitizer', ['Bromine']], SPA], 0.6)),
    ]),
    node('Balancers', [
      leaf('pH Adjusters', t('jar', ['pH Increaser', 'pH Decreaser', 'pH Up', 'pH Down'], [9, 69], [1, 25], 'Chemical', [CHEM_SIZE], [['Balancer', ['pH']], POOL_TYPE], 0.6)),
      leaf('Alkalinity Increasers', t('jar', ['Alkalinity Increaser', 'Total Alkalinity Up'], [12, 79], [1, 50], 'Chemical', [CHEM_SIZE], [['Balancer', ['Alkalinity']], POOL_TYPE], 0.6)),
      leaf('Calcium Hardness', t('jar', ['Calcium Hardness Increaser', 'Hardness Plus'], [12, 89], [1, 50], 'Chemical', [CHEM_SIZE], [['Balancer', ['Calcium']], POOL_TYPE], 0.6)),
    ]),
    leaf('Algaecides', t('jar', ['Algaecide 60', 'Copper-Free Algaecide', 'Black Algae Treatment'], [14, 89], [2, 12], 'Chemical', [LIQ_SIZE], [POOL_TYPE], 0.6)),
    leaf('Clarifiers & Enzymes', t('jar', ['Water Clarifier', 'Enzyme Treatment', 'Phosphate Remover'], [12, 79], [2, 12], 'Chemical', [LIQ_SIZE], [POOL_TYPE], 0.6)),
  ]),
  node('Spa Parts', [
    leaf('Spa Jets', t('jet', ['Spa Jet Insert', 'Directional Spa Jet', 'Pulsator Jet'], [12, 79], [0.2, 1], 'Jet', [COLOR, PACK], [SPA], 0.55, true)),
    leaf('Spa Packs & Controls', t('controller', ['Spa Pack Control System', 'Spa Topside Control', 'Spa Control Board'], [199, 1299], [2, 25], 'Control', [VOLT], [SPA, VOLT], 0.3, true)),
    leaf('Spa Heaters', t('heater', ['Spa Heater Element', 'Flow-Through Spa Heater'], [79, 399], [3, 9], 'Heater Part', [['Wattage', ['1.5 kW', '4.0 kW', '5.5 kW']]], [SPA, ['Voltage', ['230V']]], 0.5, true)),
    leaf('Spa Pillows', t('cover', ['Spa Headrest Pillow', 'Neck Pillow'], [19, 79], [0.5, 2], 'Accessory', [COLOR], [SPA], 0.5)),
  ]),
  node('Replacement Parts', [
    node('O-Rings', [
      leaf('Pump O-Rings', t('ring', ['Pump Lid O-Ring', 'Housing O-Ring', 'Diffuser O-Ring'], [4, 29], [0.05, 0.3], 'O-Ring', [PACK], [['Fits', ['Pumps']]], 0.35, true)),
      leaf('Filter O-Rings', t('ring', ['Filter Tank O-Ring', 'Bulkhead O-Ring', 'Drain Plug O-Ring'], [4, 39], [0.05, 0.4], 'O-Ring', [PACK], [['Fits', ['Filters']]], 0.35, true)),
      leaf('Valve O-Rings', t('ring', ['Valve Shaft O-Ring', 'Valve Lid O-Ring'], [3, 24], [0.05, 0.2], 'O-Ring', [PACK], [['Fits', ['Valves']]], 0.35, true)),
    ]),
    leaf('Impellers', t('impeller', ['Pump Impeller', 'Impeller Assembly', 'Replacement Impeller'], [39, 189], [0.5, 3], 'Impeller', [HP], [['Fits', ['Pumps']], ['Horsepower', HP[1]]], 0.5, true)),
    node('Motors', [
      leaf('Full-Rated Motors', t('motor', ['Full-Rated Pool Motor', 'Square Flange Motor', 'Round Flange Motor'], [229, 649], [18, 35], 'Motor', [HP, VOLT_DUAL], [['Fits', ['Pumps']], ['Horsepower', HP[1]], VOLT_DUAL], 0.6, true)),
      leaf('Up-Rated Motors', t('motor', ['Up-Rated Pool Motor', 'Max-Rated Motor'], [199, 549], [16, 30], 'Motor', [HP], [['Fits', ['Pumps']], ['Horsepower', HP[1]], VOLT], 0.6, true)),
      leaf('Variable Speed Motors', t('motor', ['Variable Speed Motor', 'ECM Drive Motor'], [599, 1299], [20, 32], 'Motor', [HP], [['Fits', ['Pumps']], ['Speed', ['Variable']], ['Horsepower', HP[1]]], 0.5, true)),
    ]),
    leaf('Gaskets', t('ring', ['Lid Gasket', 'Flange Gasket', 'Seal Plate Gasket', 'Heater Gasket'], [5, 39], [0.05, 0.5], 'Gasket', [PACK], [['Fits', ['Pumps', 'Filters', 'Heaters']]], 0.3, true)),
    leaf('Shaft Seals', t('ring', ['Shaft Seal Assembly', 'Mechanical Seal', 'Carbon Seal Kit'], [9, 49], [0.1, 0.5], 'Seal', [PACK], [['Fits', ['Pumps']]], 0.3, true)),
    leaf('Diffusers', t('impeller', ['Pump Diffuser', 'Diffuser Kit'], [29, 129], [0.5, 2], 'Diffuser', [], [['Fits', ['Pumps']]], 0, true)),
    node('Lids & Baskets', [
      leaf('Pump Lids', t('basket', ['Clear Pump Lid', 'Strainer Cover', 'Trap Lid'], [24, 99], [0.5, 2], 'Lid', [], [['Fits', ['Pumps']]], 0, true)),
      leaf('Strainer Baskets', t('basket', ['Pump Strainer Basket', 'Hair and Lint Basket'], [14, 69], [0.3, 1.5], 'Basket', [PACK], [['Fits', ['Pumps']]], 0.3, true)),
    ]),
  ]),
  node('Lighting', [
    leaf('LED Pool Lights', t('light', ['LED Pool Light', 'Color-Changing LED Light', 'Nicheless LED Light'], [199, 899], [3, 9], 'Light', [LIGHT_COLOR, CORD], [INGROUND, ['Voltage', ['12V', '120V']]])),
    leaf('Spa Lights', t('light', ['LED Spa Light', 'Spa Light Kit'], [89, 399], [1, 4], 'Light', [LIGHT_COLOR], [SPA, ['Voltage', ['12V', '120V']]])),
    leaf('Light Niches & Parts', t('ring', ['Light Niche', 'Light Lens Gasket', 'Light Face Ring'], [19, 149], [0.3, 5], 'Light Part', [], [INGROUND], 0, true)),
    leaf('Landscape Lighting', t('light', ['LED Landscape Light', 'Deck Light'], [49, 299], [1, 4], 'Light', [COLOR], [['Voltage', ['12V']]])),
  ]),
  node('Automation', [
    leaf('Control Systems', t('controller', ['Pool Automation System', 'Pool & Spa Control Center', 'Load Center Controller'], [799, 3499], [10, 40], 'Automation', [['Circuits', ['4 Aux', '8 Aux', '15 Aux']]], [POOL_TYPE])),
    leaf('Remotes & Apps', t('controller', ['Wireless Remote', 'Wi-Fi Module', 'Indoor Control Panel'], [149, 799], [0.5, 4], 'Automation', [], [POOL_TYPE], 0)),
    leaf('Actuators', t('valve', ['Valve Actuator', '24V Valve Actuator'], [129, 299], [3, 6], 'Automation', [], [POOL_TYPE], 0, true)),
    leaf('Sensors', t('controller', ['Water Temperature Sensor', 'Air Temperature Sensor', 'Flow Switch'], [29, 149], [0.2, 1], 'Automation', [], [POOL_TYPE], 0, true)),
  ]),
  node('Salt Systems', [
    leaf('Salt Chlorinators', t('cell', ['Salt Chlorine Generator', 'Salt Water System', 'Saltwater Chlorinator'], [799, 2199], [15, 35], 'Salt System', [GALLONS], [['Sanitizer', ['Salt']], POOL_TYPE])),
    leaf('Salt Cells', t('cell', ['Replacement Salt Cell', 'Turbo Salt Cell', 'Salt Cell'], [399, 1099], [6, 14], 'Salt Cell', [GALLONS], [['Sanitizer', ['Salt']], POOL_TYPE], 0.5, true)),
    leaf('Salt Cell Parts', t('controller', ['Flow Switch', 'Cell Cord', 'Salt Cell Cleaning Stand'], [19, 199], [0.2, 3], 'Salt Cell Part', [], [['Sanitizer', ['Salt']]], 0, true)),
  ]),
  node('Valves', [
    leaf('Diverter Valves', t('valve', ['2-Way Diverter Valve', '3-Way Diverter Valve', 'Lube-Free Diverter Valve'], [39, 149], [1, 4], 'Valve', [PIPE], [INGROUND])),
    leaf('Check Valves', t('valve', ['Check Valve', 'Spring Check Valve', 'Swing Check Valve'], [29, 119], [0.5, 3], 'Valve', [PIPE], [POOL_TYPE])),
    leaf('Ball Valves', t('valve', ['True Union Ball Valve', 'PVC Ball Valve'], [19, 99], [0.5, 3], 'Valve', [PIPE], [POOL_TYPE])),
    leaf('Multiport Valves', t('valve', ['Multiport Valve', 'Top Mount Multiport Valve', 'Side Mount Multiport Valve'], [99, 349], [4, 10], 'Valve', [PIPE], [['Filter Type', ['Sand', 'DE']], POOL_TYPE], 0.45, true)),
  ]),
  node('Skimmers & Drains', [
    node('Skimmers', [
      leaf('Inground Skimmers', t('skimmer', ['Inground Skimmer', 'Wide Mouth Skimmer', 'Gunite Skimmer'], [79, 299], [6, 15], 'Skimmer', [], [INGROUND], 0)),
      leaf('Above Ground Skimmers', t('skimmer', ['Above Ground Skimmer', 'Thru-Wall Skimmer'], [39, 149], [3, 8], 'Skimmer', [], [ABOVE], 0)),
    ]),
    leaf('Main Drains', t('skimmer', ['Main Drain Cover', 'Anti-Entrapment Drain Cover', 'Main Drain Sump'], [29, 199], [1, 6], 'Drain', [COLOR], [INGROUND])),
    node('Skimmer Parts', [
      leaf('Skimmer Lids', t('cover', ['Skimmer Lid', 'Deck Lid', 'Skimmer Cover'], [14, 59], [0.5, 2], 'Skimmer Part', [COLOR], [POOL_TYPE], 0.5, true)),
      leaf('Skimmer Weirs', t('skimmer', ['Skimmer Weir', 'Weir Door Assembly'], [14, 49], [0.3, 1], 'Skimmer Part', [], [POOL_TYPE], 0, true)),
      leaf('Skimmer Baskets', t('basket', ['Skimmer Basket', 'Heavy-Duty Skimmer Basket'], [9, 39], [0.3, 1], 'Skimmer Part', [PACK], [POOL_TYPE], 0.3, true)),
    ]),
  ]),
  node('Covers', [
    leaf('Solar Covers', t('cover', ['Solar Blanket', 'Solar Cover 12 mil', 'Solar Cover 16 mil'], [59, 399], [8, 40], 'Cover', [POOL_SIZE], [POOL_TYPE], 0.8)),
    leaf('Winter Covers', t('cover', ['Winter Pool Cover', 'Heavy-Duty Winter Cover'], [49, 299], [6, 30], 'Cover', [POOL_SIZE], [POOL_TYPE], 0.8)),
    leaf('Safety Covers', t('cover', ['Mesh Safety Cover', 'Solid Safety Cover'], [799, 2999], [40, 120], 'Cover', [POOL_SIZE], [INGROUND], 0.8)),
    leaf('Cover Reels', t('cover', ['Solar Cover Reel', 'Cover Reel System'], [199, 799], [20, 60], 'Cover Reel', [], [POOL_TYPE], 0)),
  ]),
  node('Test Kits', [
    leaf('Liquid Test Kits', t('kit', ['Complete Test Kit', 'OTO/Phenol Test Kit', 'Pro Series Test Kit'], [14, 99], [0.5, 3], 'Test Kit', [], [POOL_TYPE], 0)),
    leaf('Test Strips', t('kit', ['6-Way Test Strips', 'Salt Test Strips', 'Spa Test Strips'], [9, 39], [0.1, 0.5], 'Test Kit', [['Count', ['50 strips', '100 strips']]], [POOL_TYPE])),
    leaf('Digital Testers', t('kit', ['Digital Water Tester', 'Salt Meter', 'Photometer'], [49, 399], [0.5, 2], 'Test Kit', [], [POOL_TYPE], 0)),
    leaf('Reagents', t('jar', ['Reagent Refill', 'DPD Reagent', 'Phenol Red Refill'], [6, 39], [0.1, 1], 'Test Kit', [['Bottle Size', ['0.5 oz', '0.75 oz', '2 oz', '16 oz']]], [POOL_TYPE], 0.6)),
  ]),
];

/** Fictional vendors (no maker's trademark), most popular first (products are drawn with a skew towards the top). */
export const VENDORS: readonly string[] = [
  'AquaCrest', 'Hydrapeak', 'BlueLagoon Systems', 'Poolwright', 'ClearSpring', 'TideLine',
  'Coralis', 'Wavecraft', 'Crystal Basin', 'NorthShore Aquatics', 'SunHarbor', 'Reefstone',
  'Splashline', 'Deepwell Pumps', 'Marina Flow', 'Lagoonix', 'PureCurrent', 'Tressalyn',
  'Blue Ripple', 'Seaglass Supply', 'Poseidon Pool Co.', 'Heatmoor', 'Birchvale Spa',
  'Driftwood Spas', 'Sandpiper Filters', 'Warmwater Works', 'Heron Parts', 'Harborview Chemicals',
  'Cascade Controls', 'Bayside Aquatech',
];

/**
 * Product-line names put in titles ('AquaCrest Bremor Variable Speed Pump'): invented words, so no
 * title resembles a maker's trademark (a test holds the generated catalogue to a list of real marks).
 */
export const SERIES: readonly string[] = [
  'Bremor', 'Calvix', 'Dorano', 'Estrel', 'Ferrano', 'Gildor', 'Harvane', 'Irilo',
  'Kavara', 'Lorcan', 'Merivo', 'Nestra', 'Orsino', 'Pradel', 'Quorra', 'Ravello',
  'Savoni', 'Torvel', 'Ulmaro', 'Valdor', 'Wescar', 'Xandrel', 'Yarvo', 'Zorvan',
];

/** Names of reviewers and people asking or answering questions. */
export const PEOPLE: readonly string[] = [
  'Mike R.', 'Sandra K.', 'Dave P.', 'Linda M.', 'Carlos G.', 'Jen T.', 'Pool Guy Steve',
  'Rob W.', 'Angela S.', 'Tom H.', 'Priya N.', 'Greg L.', 'Maria V.', 'Kevin D.', 'Beth A.',
  'Hank B.', 'Yuki O.', 'Sam F.', 'Olivia C.', 'Marcus J.',
];

/** Review titles and bodies by star count (index 0 = 1 star). */
export const REVIEW_TEXT: readonly (readonly [title: string, body: string])[][] = [
  [['Did not fit', 'Ordered for my pump but the threads did not match. Had to send it back.'], ['Broke quickly', 'Worked for two weeks and then cracked. Not impressed.']],
  [['Meh', 'It works but the build quality is not what I expected for the price.'], ['Instructions lacking', 'Took a lot of guessing to install. The part itself is okay.']],
  [['Does the job', 'Fits as described. Shipping took a few extra days.'], ['Average', 'Works fine, nothing special. Would buy again if the price is right.']],
  [['Good replacement', 'Exact match for the original part. Installed in 20 minutes.'], ['Happy with it', 'Pool is running great again. Fast shipping too.'], ['Solid', 'Quality part, good price, arrived quickly.']],
  [['Perfect fit!', 'Exact OEM match. Customer service helped me find the right part number.'], ['Excellent', 'Much quieter than my old one and the water has never been clearer.'], ['Highly recommend', 'Arrived in two days, well packed, works perfectly.'], ['Saved my season', 'Had the part I could not find anywhere else. Thank you!']],
];

/** Product questions and answers ({noun} is replaced by the product noun). */
export const QUESTIONS: readonly (readonly [question: string, answer: string | null])[] = [
  ['Will this fit a {noun} bought in 2015?', 'Yes, this part is compatible with models made from 2009 on.'],
  ['Is this the OEM part or an aftermarket replacement?', 'It is the genuine manufacturer part.'],
  ['Does this come with the o-rings?', 'O-rings are sold separately; see the related products.'],
  ['Can this be used on a saltwater pool?', 'Yes, all wetted parts are salt-safe.'],
  ['What is the warranty on this {noun}?', 'This product has a 1 year warranty from the manufacturer only.'],
  ['How long does shipping to Oregon take?', 'Most orders ship the same day and arrive in 2 to 4 business days.'],
  ['Is installation difficult for a homeowner?', null],
];

/** Stock locations (inventory levels): the catalogue's. */
export { LOCATIONS } from '../modules/catalogue/locations.ts';

/** Selling points used in descriptions. */
export const FEATURES: readonly string[] = [
  'Corrosion-resistant, UV-stabilised housing',
  'Drop-in replacement for the original equipment',
  'Quiet operation, lower energy bills',
  'Tool-free access for quick maintenance',
  'NSF listed components',
  'Designed for year-round use in hot climates',
  'Backed by responsive US-based support',
  'Installs in minutes with standard fittings',
  'Salt-water compatible materials',
  'Tested to exceed industry standards',
];
