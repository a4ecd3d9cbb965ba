/**
 * Shipping, delivery dates, sales tax and product notices: one pure quote that every surface
 * (product page, cart, checkout, order, feeds) calls, and the table readers the server loads the
 * operator's CSV files with.
 *
 * @example
 * const built = buildShippingTables(files); // rows split by a CSV parser
 * if (built.ok) {
 *   const quote = quoteShipment(lines, { zip: '92101', state: 'CA' }, now, built.value, { service: '2-day' });
 * }
 * @module
 */
export * from './ship-class.ts';
export * from './calendar.ts';
export * from './holidays.ts';
export * from './business-days.ts';
export * from './zoned-time.ts';
export * from './destination.ts';
export * from './csv-table.ts';
export * from './tables.ts';
export * from './rates.ts';
export * from './packaging.ts';
export * from './delivery-dates.ts';
export * from './sales-tax.ts';
export * from './notices.ts';
export * from './errors.ts';
export * from './quote.ts';
export * from './quote-memo.ts';
