/**
 * Copies of shared objects with one field set to another value, each made once per object and
 * value while the object lives: everyone asking for the same object with the same value gets
 * the same copy (and so the same bytes once it is serialized). The shared object itself is
 * never changed.
 */
export class FieldCopies<F extends string> {
  private readonly copies = new WeakMap<object, Map<unknown, object>>();

  constructor(private readonly field: F) {}

  /** `item` with `field` set to `value`; `item` itself when `value` is undefined, null or already set. */
  with<T extends { [K in F]: unknown }>(item: T, value: T[F] | undefined): T {
    if (value === undefined || value === null || value === item[this.field]) return item;
    let copies = this.copies.get(item);
    if (!copies) this.copies.set(item, (copies = new Map()));
    let copy = copies.get(value) as T | undefined;
    if (!copy) copies.set(value, (copy = { ...item, [this.field]: value }));
    return copy;
  }
}
