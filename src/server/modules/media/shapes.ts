/**
 * The shapes the store draws for a product's generated picture and 3D model (and an imported
 * product keeps, for its placeholder): the media module draws them, the generator picks them.
 * @module
 */

/** What a generated picture or 3D model draws. */
export type Shape =
  | 'pump'
  | 'filter'
  | 'cartridge'
  | 'heater'
  | 'cleaner'
  | 'jar'
  | 'jet'
  | 'ring'
  | 'impeller'
  | 'motor'
  | 'light'
  | 'controller'
  | 'cell'
  | 'valve'
  | 'skimmer'
  | 'cover'
  | 'kit'
  | 'basket'
  | 'bag';

/** Every shape, for tests and the drawing switch. */
export const SHAPES: readonly Shape[] = [
  'pump', 'filter', 'cartridge', 'heater', 'cleaner', 'jar', 'jet', 'ring', 'impeller', 'motor',
  'light', 'controller', 'cell', 'valve', 'skimmer', 'cover', 'kit', 'basket', 'bag',
];
