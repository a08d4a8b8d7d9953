/** What an agent must know before it spends money here; shared by the OpenAPI document and llms.txt. */
export const AGENT_GUIDANCE = [
  'Search results are candidates, a purchase menu, not evidence: never answer from titles or snippets alone.',
  'Substantive answers must come from fetched summaries (GET /api/v1/publications/{publicationSlug}/{postSlug}). Buy only the posts the user selected or that are clearly needed.',
  'A 402 is not a failure: pay and retry the identical request. 404, 429 and 503 are never charged; on 429 and 503 retry after the Retry-After delay.',
  'If a paid fetch fails, report the failure to the user; do not replace the missing summary with other knowledge.',
  'Cite what you used as: Title - Publication, date - URL.',
] as const;

export const DISCOVERY_ORDER = ['/openapi.json', '/.well-known/x402', '/llms.txt'] as const;
