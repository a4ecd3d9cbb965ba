/**
 * Countries the store ships to and their first-level subdivisions (ISO 3166-1 alpha-2 and
 * ISO 3166-2 codes without the country prefix), for the address form's Country and State selects.
 * @module
 */
import type { Country, State } from '../../../domain/entities.ts';

/**
 * Countries in the order the address form lists them: the home market first, then neighbours,
 * then the rest alphabetically.
 */
export const COUNTRIES: readonly Country[] = [
  { countryCode: 'US', title: 'United States' },
  { countryCode: 'CA', title: 'Canada' },
  { countryCode: 'MX', title: 'Mexico' },
  { countryCode: 'AU', title: 'Australia' },
  { countryCode: 'FR', title: 'France' },
  { countryCode: 'DE', title: 'Germany' },
  { countryCode: 'IE', title: 'Ireland' },
  { countryCode: 'NZ', title: 'New Zealand' },
  { countryCode: 'GB', title: 'United Kingdom' },
];

const US: State[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
  ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'],
  ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([stateCode, title]) => ({ stateCode: stateCode as string, title: title as string }));

const CA: State[] = [
  ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
].map(([stateCode, title]) => ({ stateCode: stateCode as string, title: title as string }));

const AU: State[] = [
  ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'], ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
].map(([stateCode, title]) => ({ stateCode: stateCode as string, title: title as string }));

const MX: State[] = [
  ['AGU', 'Aguascalientes'], ['BCN', 'Baja California'], ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'], ['CHP', 'Chiapas'], ['CHH', 'Chihuahua'], ['CMX', 'Ciudad de México'],
  ['COA', 'Coahuila'], ['COL', 'Colima'], ['DUR', 'Durango'], ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'], ['HID', 'Hidalgo'], ['JAL', 'Jalisco'], ['MEX', 'México'],
  ['MIC', 'Michoacán'], ['MOR', 'Morelos'], ['NAY', 'Nayarit'], ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'], ['PUE', 'Puebla'], ['QUE', 'Querétaro'], ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'], ['SIN', 'Sinaloa'], ['SON', 'Sonora'], ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'], ['TLA', 'Tlaxcala'], ['VER', 'Veracruz'], ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
].map(([stateCode, title]) => ({ stateCode: stateCode as string, title: title as string }));

/**
 * Subdivisions by country code. Countries absent here (GB, FR, DE, IE, NZ) have no State select
 * entries: their addresses need none for shipping, so the API answers an empty list for them.
 */
export const STATES: Readonly<Record<string, readonly State[]>> = { US, CA, AU, MX };
