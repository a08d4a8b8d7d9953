/** `author_name` as `authorName`, at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A row's columns under their camelCase names, each with its column's type. */
export type CamelCased<Row> = { [K in keyof Row & string as CamelCase<K>]: Row[K] };

/** `author_name` as `authorName`. */
export function camelCase<S extends string>(column: S): CamelCase<S> {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;
}
