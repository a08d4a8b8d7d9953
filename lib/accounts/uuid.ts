const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs and forms are checked before they reach a uuid column (which would refuse them with an error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
