/**
 * Schema evolution (rule 8). An upcaster turns data of version n into version n + 1; reading applies
 * them in a chain until the type's current version, so projections only ever see the newest shape.
 */
export type Upcaster = (data: unknown) => unknown;

export interface EventSchema {
  type: string;
  currentVersion: number;
  /** upcasters[n] turns version n into n + 1. */
  upcasters?: Record<number, Upcaster>;
}

export class UpcasterRegistry {
  readonly #schemas = new Map<string, EventSchema>();

  register(...schemas: EventSchema[]): this {
    for (const schema of schemas) {
      for (let version = 1; version < schema.currentVersion; version++) {
        if (!schema.upcasters?.[version]) throw new Error(`${schema.type}: no upcaster from version ${version}`);
      }
      this.#schemas.set(schema.type, schema);
    }
    return this;
  }

  currentVersion(type: string): number {
    return this.#schemas.get(type)?.currentVersion ?? 1;
  }

  upcast(type: string, schemaVersion: number, data: unknown): { schemaVersion: number; data: unknown } {
    const schema = this.#schemas.get(type);
    if (!schema) return { schemaVersion, data };
    let version = schemaVersion;
    let current = data;
    while (version < schema.currentVersion) {
      const step = schema.upcasters?.[version];
      if (!step) throw new Error(`${type}: no upcaster from version ${version}`);
      current = step(current);
      version++;
    }
    return { schemaVersion: version, data: current };
  }
}
