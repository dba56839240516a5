/** Names one value an app makes once (its type travels with the key). */
export class AppScopedKey<T> {
  declare private readonly type: T;
  constructor(readonly name: string) {}
}

/**
 * Values made once per app on first use (e.g. the accounts' context, which owns background
 * work and closes with the app): one set per app, so two apps in a process share none.
 */
export class AppScoped {
  private readonly values = new Map<AppScopedKey<unknown>, unknown>();

  get<T>(key: AppScopedKey<T>, make: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = make();
    this.values.set(key, value);
    return value;
  }
}
