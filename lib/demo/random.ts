import { base, en, Faker, generateMersenne53Randomizer } from '@faker-js/faker';

/**
 * The only source of randomness in the demo generator. A seeded faker instance and this wrapper share one Mersenne
 * Twister stream, so names, UUIDs and numbers are all reproducible from the seed. Drawing straight from the
 * randomizer for plain numbers keeps 100,000-post corpora fast.
 */
export class Rng {
  readonly faker: Faker;
  private readonly randomizer: ReturnType<typeof generateMersenne53Randomizer>;

  constructor(seed: number) {
    this.randomizer = generateMersenne53Randomizer(seed);
    this.faker = new Faker({ locale: [en, base], randomizer: this.randomizer });
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.randomizer.next();
  }

  /** Uniform in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += Math.max(0, weightOf(item));
    let target = this.next() * total;
    for (const item of items) {
      target -= Math.max(0, weightOf(item));
      if (target < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  /** Picks a key of a weight table. */
  weightedKey<K extends string>(table: Partial<Record<K, number>>): K {
    const keys = Object.keys(table) as K[];
    return this.weighted(keys, (key) => table[key] ?? 0);
  }

  /** n distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < n && copy.length > 0) {
      const index = Math.floor(this.next() * copy.length);
      out.push(copy.splice(index, 1)[0] as T);
    }
    return out;
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

  personName(): string {
    return `${this.faker.person.firstName()} ${this.faker.person.lastName()}`;
  }
}
