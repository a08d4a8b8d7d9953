import { z } from 'zod';

type Shape = Record<string, z.ZodType>;

/**
 * An MCP tool's input shape from a route's query (or path) contract: the same names, bounds and descriptions. Query
 * strings carry integers as digits, so an integer parameter (a digits string piped into a bounded integer) becomes
 * that bounded integer here, which is what an agent sends in JSON; the route validates the value again when called.
 */
export function toolInputFromContract(contract: z.ZodObject): Shape {
  const shape: Shape = {};
  for (const [name, field] of Object.entries(contract.shape as Shape)) {
    const optional = field instanceof z.ZodOptional;
    let inner = (optional ? (field as z.ZodOptional).unwrap() : field) as z.ZodType;
    const description = (inner.meta() ?? field.meta())?.description;
    if (inner instanceof z.ZodPipe && inner.out instanceof z.ZodNumber) inner = inner.out as z.ZodNumber;
    else if (inner instanceof z.ZodPipe) inner = z.string();
    // A list of normalized values (a brief's publication slugs): strings, as an agent sends them.
    else if (inner instanceof z.ZodArray && inner.element instanceof z.ZodPipe) inner = z.array(z.string());
    const described = typeof description === 'string' ? inner.describe(description) : inner;
    shape[name] = optional ? described.optional() : described;
  }
  return shape;
}

/** Tool arguments as the route's query string: every value as text, absent ones left out. */
export function toQueryString(args: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
