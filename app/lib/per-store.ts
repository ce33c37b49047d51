/**
 * `make(store)` once per store object, kept while that store lives (a WeakMap): a cookie whose
 * signing secret is read from the database is built once, yet a module handed another store (a
 * test's, services opened again) never gets one built over the old. A failure is forgotten, so a
 * database that refused the read is asked again by the next call.
 */
export function perStore<S extends object, T>(make: (store: S) => Promise<T>): (store: S) => Promise<T> {
  const made = new WeakMap<S, Promise<T>>();
  return (store) => {
    let value = made.get(store);
    if (!value) {
      value = make(store);
      made.set(store, value);
      value.catch(() => made.delete(store));
    }
    return value;
  };
}
