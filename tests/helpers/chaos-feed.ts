import { type LoopbackServer, startLoopbackServer } from './loopback-server';

export interface ChaosFeed {
  url: string;
  /** Every guid the feed has served so far (a guid is served once it is in the feed). */
  served: () => string[];
  /** Adds n items to the feed. */
  grow(n: number): void;
  close(): Promise<void>;
}

const WORDS = ['margin', 'guidance', 'capex', 'inventory', 'yield', 'spread', 'duration', 'backlog', 'pricing'];

function item(n: number, day: Date): string {
  const words = Array.from({ length: 40 }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ');
  return `<item><title>Chaos note ${n}: ${WORDS[n % WORDS.length]} watch</title>
<link>https://chaos-notes.example.com/p/note-${n}</link><guid isPermaLink="false">chaos-${n}</guid>
<pubDate>${day.toUTCString()}</pubDate><description>Note ${n}.</description>
<content:encoded><![CDATA[<p>Note ${n} of the chaos feed. ${words}.</p><p>Second paragraph of note ${n}, long enough to be a post and not a teaser: ${words} ${words}.</p>]]></content:encoded></item>`;
}

/** A feed on loopback that grows by a few items a round: what a sync must store, each item exactly once. */
export async function startChaosFeed(initial = 3): Promise<ChaosFeed> {
  let count = initial;
  const day = new Date();
  const render = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Chaos Notes</title><link>https://chaos-notes.example.com</link><description>Notes.</description>
<language>en-us</language>${Array.from({ length: count }, (_, i) => item(count - i, day)).join('\n')}</channel></rss>`;
  const server: LoopbackServer = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(render());
  });
  return {
    url: `${server.origin}/feed`,
    served: () => Array.from({ length: count }, (_, i) => `chaos-${i + 1}`),
    grow: (n) => {
      count += n;
    },
    close: () => server.close(),
  };
}
