/**
 * The version of what indexing writes for a post (analyzeDocument's vector and the weights read from it). Bumped with
 * any change to it, together with the migration that makes every post's search document be built again: a postings
 * snapshot (lib/search/postings/snapshot.ts) of another version is then ignored rather than served.
 */
export const ANALYSIS_VERSION = '2026-11-28';
