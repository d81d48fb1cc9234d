/** The fields of `next` whose value differs from `current`: the body of a partial update. */
export function changedFields<T extends object>(next: T, current: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => !Object.is(value, current[key as keyof T])),
  ) as Partial<T>;
}
