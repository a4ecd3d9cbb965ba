/**
 * Date formatters (en-US) kept per time zone, for the domain's date texts (content dates, order
 * dates, the structured data's price dates).
 * @module
 */

/**
 * The formatters of one set of options, one per time zone, made when first asked for: making an
 * `Intl.DateTimeFormat` costs about a millisecond, and a page formats a date per article, order
 * or offer. An unknown time zone gets the UTC formatter. At most `maxZones` are kept (a store
 * uses one or two).
 *
 * @example
 * const dayFormat = dateFormatsByZone({ year: 'numeric', month: 'long', day: 'numeric' });
 * dayFormat('America/Los_Angeles').format(Date.UTC(2025, 4, 27, 2)); // 'May 26, 2025'
 */
export function dateFormatsByZone(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>, maxZones = 16): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      try {
        format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      } catch {
        // an unknown zone: UTC
        format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
      }
      if (formats.size >= maxZones) formats.clear();
      formats.set(timeZone, format);
    }
    return format;
  };
}
