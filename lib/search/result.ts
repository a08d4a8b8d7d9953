import type { z } from 'zod';
import type { TopicSearchResponse } from '@/lib/api/contracts/search';

/** What a topic search answers, typed by the endpoint's response contract. */
export type TopicSearchResult = z.infer<typeof TopicSearchResponse>;
