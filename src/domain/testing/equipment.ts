/**
 * Arbitraries of parts that fit: equipment models, their exploded-view diagrams, the
 * numbers a product is known by and a shopper's 'My equipment' list. Every value passes the
 * domain's own rules (`diagramProblems` is empty, `isEquipmentRef` holds, lists have no twice-saved
 * model).
 * @module
 */
import fc from 'fast-check';
import { DIAGRAM_CALLOUTS, type Diagram, type DiagramCallout } from '../diagram.ts';
import { EQUIPMENT_TYPES, MY_EQUIPMENT_LIMIT, type EquipmentRef, type EquipmentSummary, type PartNumber } from '../equipment.ts';
import { partNumberArb } from './quick-order.ts';

const BRANDS = ['AquaCrest', 'Hydrapeak', 'Poolwright', 'ClearSpring', 'TideLine', 'Coralis', 'Wavecraft', 'Heatmoor'];
const SERIES = ['Corvane VS', 'Brisola Cartridge', 'Tollmark XE', 'Quelra Sand', 'Veradon LP', 'Orvale Salt', 'Halcyra Pro', 'Dunmere II'];

const handlePart = fc.stringMatching(/^[a-z0-9]{1,10}$/);

/**
 * A model of equipment: a brand of the store, a series, a model name ending in its first model
 * number, one to three model numbers (aliases) and years made.
 *
 * @example
 * fc.assert(fc.property(equipmentArb(), (m) => isEquipmentRef(m)));
 */
export function equipmentArb(): fc.Arbitrary<EquipmentSummary> {
  return fc
    .record({
      id: fc.integer({ min: 1, max: 1_000_000 }),
      brand: fc.constantFrom(...BRANDS),
      series: fc.constantFrom(...SERIES),
      type: fc.constantFrom(...EQUIPMENT_TYPES),
      modelNumbers: fc.uniqueArray(partNumberArb(), { minLength: 1, maxLength: 3, selector: (n) => n.replace(/[^A-Z0-9]/gi, '').toLowerCase() }),
      slug: handlePart,
      yearFrom: fc.integer({ min: 1990, max: 2025 }),
      span: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    })
    .map(({ id, brand, series, type, modelNumbers, slug, yearFrom, span }) => {
      const [modelNumber = 'SP2607X10', ...aliases] = modelNumbers;
      const model = `${series} ${modelNumber}`;
      return {
        id,
        handle: `${brand}-${slug}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        brand,
        series,
        model,
        title: `${brand} ${model}`,
        type,
        modelNumber,
        aliases,
        yearFrom,
        yearTo: span === null ? null : yearFrom + span,
        imageUrl: `/media/equipment/${id}.svg`,
        partCount: 0,
      };
    });
}

/** The reference of a model as 'My equipment' keeps it. */
export function equipmentRefArb(): fc.Arbitrary<EquipmentRef> {
  return equipmentArb().map(({ handle, brand, model }) => ({ handle, brand, model }));
}

/** A 'My equipment' list: distinct models, at most the list's limit. */
export function myEquipmentArb(): fc.Arbitrary<EquipmentRef[]> {
  return fc.uniqueArray(equipmentRefArb(), { maxLength: MY_EQUIPMENT_LIMIT, selector: (m) => m.handle });
}

function calloutArb(number: number, width: number, height: number): fc.Arbitrary<DiagramCallout> {
  return fc.record({
    number: fc.constant(number),
    productId: fc.integer({ min: 1, max: 1_000_000 }),
    handle: handlePart.map((h) => `part-${h}`),
    title: fc.constantFrom('Impeller', 'Lid O-Ring', 'Strainer Basket', 'Shaft Seal', 'Diffuser', 'Motor'),
    quantity: fc.integer({ min: 1, max: 12 }),
    x: fc.integer({ min: 0, max: width }),
    y: fc.integer({ min: 0, max: height }),
  });
}

/**
 * An exploded-view diagram: 3 to 30 callouts numbered 1 to n in order (as the server lists them),
 * each inside the drawing (viewBox units), with a quantity of at least one.
 *
 * @example
 * fc.assert(fc.property(diagramArb(), (d) => diagramProblems(d).length === 0));
 */
export function diagramArb(): fc.Arbitrary<Diagram> {
  return fc
    .record({
      n: fc.integer({ min: DIAGRAM_CALLOUTS.min, max: DIAGRAM_CALLOUTS.max }),
      width: fc.integer({ min: 200, max: 1600 }),
      height: fc.integer({ min: 200, max: 1600 }),
    })
    .chain(({ n, width, height }) =>
      fc.record({
        id: fc.integer({ min: 1, max: 1_000_000 }),
        title: fc.constantFrom('Exploded view', 'Motor assembly', 'Strainer and lid', 'Filter tank', 'Heat exchanger'),
        imageUrl: fc.constant('/media/diagrams/1.svg'),
        width: fc.constant(width),
        height: fc.constant(height),
        calloutRadius: fc.integer({ min: 8, max: 24 }),
        callouts: fc.tuple(...Array.from({ length: n }, (_, i) => calloutArb(i + 1, width, height))),
      }),
    );
}

/** A number a product is known by, of any kind. */
export function partNumberRefArb(): fc.Arbitrary<PartNumber> {
  return fc.record({ number: partNumberArb(), kind: fc.constantFrom('oem' as const, 'aftermarket' as const, 'supersedes' as const) });
}
