import { describe, expect, it } from 'vitest';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { getJson, getText } from '@/tests/helpers/http';

// What a newcomer typed that the service used to take for something else.
describe('the search page and route with input that means nothing', () => {
  it('says a stock-picks day that is not a day is not one, instead of showing another day', async () => {
    for (const day of ['garbage', '2026-02-30', '2026-13-01']) {
      const page = await getText(`/search?picksDate=${encodeURIComponent(day)}`);
      expect(page.status).toBe(200);
      // The page's text, without React's markers between text nodes.
      expect(page.body.replaceAll('<!-- -->', '')).toContain(`“${day}” is not a day: give one as YYYY-MM-DD.`);
      expect(page.body).not.toMatch(/The picks of \d{4}-\d{2}-\d{2} cost/);
    }
    const today = await getText('/search');
    expect(today.body).not.toContain('is not a day');
  });

  it('answers none, with no posts, to a query of emoji only', async () => {
    const { status, body } = await getJson(`/api/v1/search?q=${encodeURIComponent('🚀🚀')}`);
    expect(status).toBe(200);
    expect(TopicSearchResponse.parse(body)).toMatchObject({ matchConfidence: 'none', totalCount: 0, count: 0 });
  });
});
