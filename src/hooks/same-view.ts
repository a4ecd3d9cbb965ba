/**
 * Structural equality of two views: a connect function builds a new object per snapshot, and a
 * hook should re-render only when what the view shows changed, not on every snapshot.
 * @module
 */

/**
 * Whether `a` and `b` hold the same data: equal primitives (`Object.is`), arrays of equal items,
 * plain objects with equal members; functions and class instances (a Date, an actor) compare by
 * identity.
 * @example sameView({ rows: [1, 2] }, { rows: [1, 2] }); // true
 */
export function sameView(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameView(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !sameView((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `connect` remembered: the same snapshot gives the same view, and a new snapshot whose view is
 * structurally the same gives the previous view object, so a `useSyncExternalStore` reader
 * re-renders only when what it shows changed.
 * @example
 * const select = useMemo(() => lastView((s: CartSnapshot) => connectCart(s, symbol)), [symbol]);
 */
export function lastView<S, V>(connect: (snapshot: S) => V): (snapshot: S) => V {
  let last: { snapshot: S; view: V } | null = null;
  return (snapshot) => {
    if (last && last.snapshot === snapshot) return last.view;
    const next = connect(snapshot);
    last = { snapshot, view: last && sameView(last.view, next) ? last.view : next };
    return last.view;
  };
}
