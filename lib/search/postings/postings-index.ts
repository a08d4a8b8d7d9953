import { QUANTA_PER_UNIT, termWeight } from '@/lib/search/analysis/ts-rank';
import { SCORE } from '@/lib/search/types';
import { parseTsvectorText } from './tsvector-text';

/** A post as the index reads it from the database. */
export interface IndexedPostRow {
  id: string;
  publication_id: string;
  /** Microseconds since 1970, null when undated. */
  published_us: number | null;
  /** The search vector's text (`search_vector::text`). */
  vector: string;
}

/** A query term as the index scores it: any of its lexemes counts, at the largest weight among them. */
export interface PostingsTerm {
  lexemes: string[];
  idf: number;
}

export interface PostingsScope {
  /** Microseconds since 1970, start inclusive, end exclusive; null for every date. */
  range: { startUs: number; endUs: number } | null;
  /** Only posts of these publications; null for all. */
  publications: string[] | null;
  /** Only these posts (by id), when given. */
  posts?: string[];
}

export interface PostingsHit {
  postId: string;
  score: number;
  matched: number;
  matchedIdf: number;
  publishedUs: number | null;
}

export interface PostingsResult {
  /** The best `limit` posts whose matched idf reaches `minMatchedIdf`: score, newest, id, as the SQL ranking orders. */
  top: PostingsHit[];
  /** Posts in the scope whose matched idf reaches `minMatchedIdf`. */
  matches: number;
  /** Posts in the scope holding any term. */
  holdingAny: number;
}

// Queries keep at most 12 terms (query/prepare.ts); the held-terms mask has 16 bits.
const MAX_TERMS = 16;

/** A query's accumulation: the posts holding any term, with their scores and held terms (see `accumulated`). */
interface Accumulated {
  version: number;
  ordinals: Uint32Array;
  scores: Float64Array;
  held: Uint16Array;
  /** The phrase bonuses read for this query's posts (lib/search/lexical/rank.ts), valid as long as the rest. */
  phrase: Map<string, number>;
  /** By held-terms mask: the idf they carry and their number. */
  heldIdf: Float64Array;
  heldCount: Uint8Array;
}

/** Accumulations kept for reuse, by their query's terms. */
type Kept = Map<string, Accumulated>;

/** What a search ranks, counts and keeps phrase bonuses with (PostingsIndex, or its forSearch view). */
export interface PostingsRanker {
  rank(terms: PostingsTerm[], scope: PostingsScope, limit: number, minMatchedIdf: number): PostingsResult;
  phraseBonuses(terms: PostingsTerm[]): Map<string, number>;
}

/**
 * The index as plain arrays (`exportState`), for a snapshot (./snapshot.ts): posts by ordinal (dead ones included,
 * `alive` 0), publications and lexemes by their ordinal and id, and the built postings. Nothing appended: the index is
 * folded first.
 */
export interface PostingsState {
  ids: string[];
  alive: Uint8Array;
  published: Float64Array;
  publication: Int32Array;
  publications: string[];
  lexemes: string[];
  postings: PackedPostings;
  maxQuanta: number;
}

/**
 * The built postings, compressed sparse rows by lexeme id: [offsets[id], offsets[id + 1]) of `gaps` and `quanta`.
 * A lexeme's ordinals ascend, so each is kept as its 16-bit gap from the one before (the first from 0): 2 bytes
 * instead of 4, a third of the postings' memory. A gap that does not fit is FAR, and the ordinal itself is the next
 * of `far`, whose run for the lexeme starts at farOffsets[id] (mostly the first posting of a rare lexeme).
 */
export interface PackedPostings {
  offsets: Uint32Array<ArrayBuffer>;
  gaps: Uint16Array<ArrayBuffer>;
  farOffsets: Uint32Array<ArrayBuffer>;
  far: Uint32Array<ArrayBuffer>;
  quanta: Uint16Array<ArrayBuffer>;
}

const FAR = 0xffff;

/**
 * A run of a lexeme's postings, gap-coded as the built ones are (PackedPostings): [start, end) of `gaps` and `quanta`,
 * the FAR ordinals from `far[farStart]` on. Read with `let ordinal = 0` and, per posting, `ordinal = gap === FAR ?
 * far[f++] : ordinal + gap`, fused into the loop that uses it (a decoded copy costs a fifth more time per query).
 */
interface Segment {
  gaps: Uint16Array;
  quanta: Uint16Array;
  far: Uint32Array;
  farStart: number;
  start: number;
  end: number;
}

/** Postings appended to a lexeme since the arrays were built, gap-coded like them. */
interface Tail {
  gaps: Uint16Array;
  quanta: Uint16Array;
  far: Uint32Array;
  farSize: number;
  size: number;
  last: number;
}

// Postings appended after the last build are folded into the arrays once they are this share of them, and the arrays
// are rebuilt without the dead ordinals once those are this share of all ordinals: each edit leaves one behind, so
// memory is bounded by the live posts (a third more at most) however often they change, at a rebuild's cost for a
// quarter of the posts changed.
const REBUILD_SHARE = 0.25;
const MIN_REBUILD = 50_000;

/**
 * An in-memory inverted index of the posts' search vectors, for exact ranking and counting without reading a post's
 * vector per query (docs/search.md, "Postings in memory"). Each post has a dense ordinal; each lexeme the ordinals of
 * the posts holding it, ascending, with its quantized weight there (the weight the SQL ranking computes, in quanta).
 * A post changed or removed leaves its old ordinal dead and, when changed, comes back under a new one; a rebuild
 * numbers the live posts afresh and forgets the lexemes no live post holds. Scoring is
 * term at a time over dense accumulators: every posting of the query's lexemes is read, so the top k and the counts
 * are exact by construction, with no bound to keep.
 */
export class PostingsIndex implements PostingsRanker {
  private ids: string[] = [];
  private ordinalOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private published = new Float64Array(1024);
  private publication = new Int32Array(1024);
  private publicationOrdinal = new Map<string, number>();
  private lexemeId = new Map<string, number>();
  private packed = noPostings();
  // Postings added since the arrays were built, by lexeme id.
  private tail = new Map<number, Tail>();
  private tailSize = 0;
  // Postings of addBulk, until the next rebuild.
  private bulk = { lexemes: new Uint32Array(0), ordinals: new Uint32Array(0), quanta: new Uint16Array(0), size: 0 };
  private livePosts = 0;
  // Bumped by every change, so that a kept accumulation is never read against other postings.
  private version = 0;
  // The last accumulation of a caller without a search of its own (forSearch).
  private shared: Kept = new Map();
  /** The largest quantized weight held (a ts_rank can pass 1, and the title adds 1). */
  private maxQuanta = 0;
  // Scratch accumulators, one slot per ordinal (a query runs synchronously, so one set serves every query).
  private score = new Float64Array(0);
  /** The query terms each post holds, one bit per term. */
  private held = new Uint16Array(0);
  private termQuanta = new Int32Array(0);
  private touched = new Uint32Array(0);
  private termTouched = new Uint32Array(0);

  /**
   * The index as arrays, folded first and without dead posts (see PostingsState): a snapshot carries the live posts
   * alone to the next process. The arrays are the index's own, not copies.
   */
  exportState(): PostingsState {
    if (this.tailSize > 0 || this.bulk.size > 0 || this.livePosts < this.ids.length) this.rebuild();
    const n = this.ids.length;
    return {
      ids: this.ids,
      alive: this.alive.subarray(0, n),
      published: this.published.subarray(0, n),
      publication: this.publication.subarray(0, n),
      // Maps iterate in insertion order, and each ordinal is the map's size when it was inserted.
      publications: [...this.publicationOrdinal.keys()],
      lexemes: [...this.lexemeId.keys()],
      postings: this.packed,
      maxQuanta: this.maxQuanta,
    };
  }

  /** An index from an exported state, as it was: the same ordinals, postings and dead posts. */
  static fromState(state: PostingsState): PostingsIndex {
    const index = new PostingsIndex();
    const n = state.ids.length;
    index.ids = state.ids;
    index.grow(n);
    index.alive.set(state.alive);
    index.published.set(state.published);
    index.publication.set(state.publication);
    for (let ordinal = 0; ordinal < n; ordinal++) {
      if (state.alive[ordinal]) index.ordinalOf.set(state.ids[ordinal]!, ordinal);
    }
    index.livePosts = index.ordinalOf.size;
    for (const [ordinal, id] of state.publications.entries()) index.publicationOrdinal.set(id, ordinal);
    for (const [id, lexeme] of state.lexemes.entries()) index.lexemeId.set(lexeme, id);
    index.packed = state.postings;
    index.maxQuanta = state.maxQuanta;
    return index;
  }

  /** Posts the index holds. */
  get size(): number {
    return this.livePosts;
  }

  /** Ordinals in use, the dead ones included: what the per-post arrays hold. */
  get ordinals(): number {
    return this.ids.length;
  }

  has(postId: string): boolean {
    return this.ordinalOf.has(postId);
  }

  /** Adds or replaces posts. */
  upsert(rows: IndexedPostRow[]): void {
    for (const row of rows) {
      this.markDead(row.id);
      this.add(row, (id, ordinal, quanta) => {
        let list = this.tail.get(id);
        if (!list) {
          list = {
            gaps: new Uint16Array(4),
            quanta: new Uint16Array(4),
            far: new Uint32Array(1),
            farSize: 0,
            size: 0,
            last: 0,
          };
          this.tail.set(id, list);
        }
        if (list.size === list.gaps.length) {
          list.gaps = grown(list.gaps, new Uint16Array(list.size * 2));
          list.quanta = grown(list.quanta, new Uint16Array(list.size * 2));
        }
        // New ordinals only grow: the tail ascends as the built runs do.
        const gap = ordinal - list.last;
        if (gap < FAR) list.gaps[list.size] = gap;
        else {
          list.gaps[list.size] = FAR;
          if (list.farSize === list.far.length) list.far = grown(list.far, new Uint32Array(list.farSize * 2));
          list.far[list.farSize++] = ordinal;
        }
        list.last = ordinal;
        list.quanta[list.size++] = quanta;
        this.tailSize++;
      });
    }
    this.rebuildWhenDue();
  }

  /** Rebuilds once the appended postings, or the dead ordinals, pass their share (REBUILD_SHARE). */
  private rebuildWhenDue(): void {
    const appended = this.tailSize > Math.max(MIN_REBUILD, REBUILD_SHARE * this.packed.gaps.length);
    const dead = this.ids.length - this.livePosts > REBUILD_SHARE * this.ids.length;
    if (appended || dead) this.rebuild();
  }

  /**
   * Adds posts known to be new (a first load) as flat arrays, which take a fraction of the memory of per-lexeme
   * lists; they are searchable after `rebuild`.
   */
  addBulk(rows: IndexedPostRow[]): void {
    for (const row of rows) {
      this.add(row, (id, ordinal, quanta) => {
        const bulk = this.bulk;
        if (bulk.size === bulk.lexemes.length) {
          const capacity = Math.max(1 << 16, bulk.size * 2);
          bulk.lexemes = grown(bulk.lexemes, new Uint32Array(capacity));
          bulk.ordinals = grown(bulk.ordinals, new Uint32Array(capacity));
          bulk.quanta = grown(bulk.quanta, new Uint16Array(capacity));
        }
        bulk.lexemes[bulk.size] = id;
        bulk.ordinals[bulk.size] = ordinal;
        bulk.quanta[bulk.size++] = quanta;
      });
    }
  }

  remove(postId: string): void {
    this.markDead(postId);
    this.rebuildWhenDue();
  }

  private markDead(postId: string): void {
    const old = this.ordinalOf.get(postId);
    if (old === undefined) return;
    this.version++;
    this.alive[old] = 0;
    this.ordinalOf.delete(postId);
    this.livePosts--;
  }

  /**
   * Scores the posts of the scope holding any of the terms; see PostingsResult. The terms' postings are read once per
   * query: a search asks for several scopes (the page, the curated tier, the window's counts), and each is then a pass
   * over the posts found, not over the postings again.
   */
  rank(terms: PostingsTerm[], scope: PostingsScope, limit: number, minMatchedIdf: number): PostingsResult {
    return this.rankFound(this.accumulated(terms, this.shared), scope, limit, minMatchedIdf);
  }

  /**
   * The postings for one search: the accumulations of its queries are its own, kept for every scope it ranks and
   * dropped with it. Concurrent searches then never evict each other's (with one kept for all, ten clients' searches
   * read their postings again for each scope).
   */
  forSearch(): PostingsRanker {
    const kept: Kept = new Map();
    return {
      rank: (terms, scope, limit, minMatchedIdf) =>
        this.rankFound(this.accumulated(terms, kept), scope, limit, minMatchedIdf),
      phraseBonuses: (terms) => this.accumulated(terms, kept).phrase,
    };
  }

  private rankFound(found: Accumulated, scope: PostingsScope, limit: number, minMatchedIdf: number): PostingsResult {
    const { ordinals, scores, held, heldIdf, heldCount } = found;
    const { published, publication } = this;
    const range = scope.range;
    const startUs = range?.startUs ?? 0;
    const endUs = range?.endUs ?? 0;
    let wanted: Uint8Array | null = null;
    if (scope.publications) {
      wanted = new Uint8Array(this.publicationOrdinal.size);
      for (const id of scope.publications) {
        const ordinal = this.publicationOrdinal.get(id);
        if (ordinal !== undefined) wanted[ordinal] = 1;
      }
    }
    let given: Set<number> | null = null;
    if (scope.posts) {
      given = new Set();
      for (const id of scope.posts) {
        const ordinal = this.ordinalOf.get(id);
        if (ordinal !== undefined) given.add(ordinal);
      }
    }
    const filtered = range !== null || wanted !== null || given !== null;
    const top = new TopK(limit, (a, b) => this.before(scores[a]!, ordinals[a]!, scores[b]!, ordinals[b]!));
    let matches = 0;
    let holdingAny = 0;
    // Below the worst kept, once the top is full, a post cannot enter it; at its score, only a newer one can (or one
    // as new, by id). Most scores tie at a few quantized values, so the date is checked here before the heap's order.
    let worstKept = Number.NEGATIVE_INFINITY;
    let worstDate = Number.NaN;
    for (let j = 0; j < ordinals.length; j++) {
      if (filtered) {
        const ordinal = ordinals[j]!;
        const at = published[ordinal]!;
        // NaN (undated) fails both comparisons: outside every window.
        if (range !== null && !(at >= startUs && at < endUs)) continue;
        if (wanted !== null && wanted[publication[ordinal]!] !== 1) continue;
        if (given !== null && !given.has(ordinal)) continue;
      }
      holdingAny++;
      if (heldIdf[held[j]!]! < minMatchedIdf) continue;
      matches++;
      const score = scores[j]!;
      if (score < worstKept) continue;
      // NaN (undated) is never newer; a dated post is newer than an undated one.
      if (score === worstKept && !Number.isNaN(worstDate) && !(published[ordinals[j]!]! >= worstDate)) continue;
      top.offer(j);
      if (top.full) {
        worstKept = scores[top.worst]!;
        worstDate = published[ordinals[top.worst]!]!;
      }
    }
    const hits = top.sorted().map((j) => {
      const ordinal = ordinals[j]!;
      return {
        postId: this.ids[ordinal]!,
        score: scores[j]!,
        matched: heldCount[held[j]!]!,
        matchedIdf: heldIdf[held[j]!]!,
        publishedUs: Number.isNaN(published[ordinal]!) ? null : published[ordinal]!,
      };
    });
    return { top: hits, matches, holdingAny };
  }

  /**
   * The phrase bonuses already read for posts of this query (by post id), kept with its accumulation: a post's vector
   * is read once however many scopes the query ranks, and again only once the postings change.
   */
  phraseBonuses(terms: PostingsTerm[]): Map<string, number> {
    return this.accumulated(terms, this.shared).phrase;
  }

  /**
   * Every live post holding any of the terms, with its score and the terms it holds (a bit each): read from the
   * postings into dense accumulators, term at a time, then copied out. Kept in `kept` until the postings change: the
   * index's own keeps the last query's, a search's (forSearch) every query it asks.
   */
  private accumulated(terms: PostingsTerm[], kept: Kept): Accumulated {
    if (terms.length > MAX_TERMS) throw new Error(`at most ${MAX_TERMS} terms are ranked at once`);
    const key = JSON.stringify(terms.map((t) => [t.lexemes, t.idf]));
    const known = kept.get(key);
    if (known?.version === this.version) return known;
    this.ensureScratch();
    const { score, held, termQuanta, touched, termTouched, alive } = this;
    // Each post's held terms are a bit mask; what a mask weighs and counts is read from a table.
    const heldIdf = new Float64Array(1 << terms.length);
    const heldCount = new Uint8Array(1 << terms.length);
    for (let mask = 1; mask < heldIdf.length; mask++) {
      // Summed in query order, as the SQL ranking sums matched_idf: the same doubles.
      for (let t = 0; t < terms.length; t++) {
        if (mask & (1 << t)) {
          heldIdf[mask]! += terms[t]!.idf;
          heldCount[mask]!++;
        }
      }
    }
    let touchedCount = 0;
    // Without a dead ordinal (no post changed or removed since the last rebuild), no posting needs the check.
    const anyDead = this.livePosts < this.ids.length;
    for (const [t, term] of terms.entries()) {
      const bit = 1 << t;
      // What the term adds at each quantized weight: idf × (presence + weight), as the SQL ranking computes it.
      const adds = new Float64Array(this.maxQuanta + 1);
      for (let q = 0; q <= this.maxQuanta; q++) adds[q] = term.idf * (SCORE.presence + q / QUANTA_PER_UNIT);
      const indexed = term.lexemes.flatMap((lexeme) => this.lexemeId.get(lexeme) ?? []);
      if (indexed.length <= 1) {
        // One lexeme holds a post once: its postings add up directly.
        for (const id of indexed) {
          for (const { gaps, quanta, far, farStart, start, end } of this.segmentsOfId(id)) {
            let ordinal = 0;
            let f = farStart;
            for (let i = start; i < end; i++) {
              const gap = gaps[i]!;
              ordinal = gap === FAR ? far[f++]! : ordinal + gap;
              if (anyDead && alive[ordinal] === 0) continue;
              if (held[ordinal] === 0) touched[touchedCount++] = ordinal;
              held[ordinal]! |= bit;
              // The SQL ranking's sum, term by term in query order: the same doubles.
              score[ordinal]! += adds[quanta[i]!]!;
            }
          }
        }
        continue;
      }
      // Several lexemes count once per post, at the largest weight among them.
      let termCount = 0;
      for (const id of indexed) {
        for (const { gaps, quanta, far, farStart, start, end } of this.segmentsOfId(id)) {
          let ordinal = 0;
          let f = farStart;
          for (let i = start; i < end; i++) {
            const gap = gaps[i]!;
            ordinal = gap === FAR ? far[f++]! : ordinal + gap;
            if (anyDead && alive[ordinal] === 0) continue;
            const seen = termQuanta[ordinal]!;
            if (seen < 0) termTouched[termCount++] = ordinal;
            if (quanta[i]! > seen) termQuanta[ordinal] = quanta[i]!;
          }
        }
      }
      for (let j = 0; j < termCount; j++) {
        const ordinal = termTouched[j]!;
        if (held[ordinal] === 0) touched[touchedCount++] = ordinal;
        held[ordinal]! |= bit;
        score[ordinal]! += adds[termQuanta[ordinal]!]!;
        termQuanta[ordinal] = -1;
      }
    }
    const ordinals = touched.slice(0, touchedCount);
    const scores = new Float64Array(touchedCount);
    const heldBy = new Uint16Array(touchedCount);
    for (let j = 0; j < touchedCount; j++) {
      const ordinal = ordinals[j]!;
      scores[j] = score[ordinal]!;
      heldBy[j] = held[ordinal]!;
    }
    // The accumulators are left zeroed for the next query: all at once when most posts were touched.
    if (touchedCount > this.ids.length / 8) {
      score.fill(0);
      held.fill(0);
    } else {
      for (let j = 0; j < touchedCount; j++) {
        score[ordinals[j]!] = 0;
        held[ordinals[j]!] = 0;
      }
    }
    const found: Accumulated = {
      version: this.version,
      ordinals,
      scores,
      held: heldBy,
      phrase: new Map(),
      heldIdf,
      heldCount,
    };
    // The index's own keeps one; a search's keeps its every query (a handful).
    if (kept === this.shared) kept.clear();
    kept.set(key, found);
    return found;
  }

  /** A lexeme's postings: its built run, then its appended ones. */
  private segmentsOfId(id: number): Segment[] {
    const segments: Segment[] = [];
    const { offsets, gaps, farOffsets, far, quanta } = this.packed;
    if (id + 1 < offsets.length) {
      segments.push({ gaps, quanta, far, farStart: farOffsets[id]!, start: offsets[id]!, end: offsets[id + 1]! });
    }
    const tail = this.tail.get(id);
    if (tail)
      segments.push({ gaps: tail.gaps, quanta: tail.quanta, far: tail.far, farStart: 0, start: 0, end: tail.size });
    return segments;
  }

  /** Bytes held by the arrays (the maps of ids and lexemes aside). */
  arrayBytes(): number {
    const { offsets, gaps, farOffsets, far, quanta } = this.packed;
    return (
      offsets.byteLength +
      gaps.byteLength +
      farOffsets.byteLength +
      far.byteLength +
      quanta.byteLength +
      this.alive.byteLength +
      this.published.byteLength +
      this.publication.byteLength +
      this.score.byteLength +
      this.held.byteLength +
      this.termQuanta.byteLength +
      this.tailSize * 4 +
      this.bulk.lexemes.byteLength +
      this.bulk.ordinals.byteLength +
      this.bulk.quanta.byteLength
    );
  }

  /** Orders posts as the SQL ranking does: score, then newest (undated last), then id. */
  private before(scoreA: number, a: number, scoreB: number, b: number): boolean {
    if (scoreA !== scoreB) return scoreA > scoreB;
    const da = this.published[a]!;
    const db = this.published[b]!;
    const aDated = !Number.isNaN(da);
    const bDated = !Number.isNaN(db);
    if (aDated !== bDated) return aDated;
    if (aDated && da !== db) return da > db;
    return this.ids[a]! < this.ids[b]!;
  }

  private add(row: IndexedPostRow, store: (lexemeId: number, ordinal: number, quanta: number) => void): void {
    this.version++;
    const ordinal = this.ids.length;
    this.ids.push(row.id);
    this.grow(ordinal + 1);
    this.ordinalOf.set(row.id, ordinal);
    this.alive[ordinal] = 1;
    this.livePosts++;
    this.published[ordinal] = row.published_us ?? Number.NaN;
    let publication = this.publicationOrdinal.get(row.publication_id);
    if (publication === undefined) {
      publication = this.publicationOrdinal.size;
      this.publicationOrdinal.set(row.publication_id, publication);
    }
    this.publication[ordinal] = publication;
    const { entries, length } = parseTsvectorText(row.vector);
    for (const { lexeme, labels } of entries) {
      let id = this.lexemeId.get(lexeme);
      if (id === undefined) {
        id = this.lexemeId.size;
        this.lexemeId.set(lexeme, id);
      }
      // The quantized weight exactly as the SQL ranking floors it (lexical/rank.ts, scorePosts): the float4 ts_rank
      // plus the title weight in double precision.
      const quanta = Math.floor(termWeight(labels, length) * QUANTA_PER_UNIT);
      if (quanta > this.maxQuanta) this.maxQuanta = quanta;
      store(id, ordinal, quanta);
    }
  }

  /**
   * Folds the appended and bulk postings into the arrays (a counting sort by lexeme) and drops what is dead: the
   * postings of dead ordinals, the ordinals themselves (the live posts are numbered afresh in the same order, so every
   * lexeme's run still ascends) and the lexemes no live post holds.
   */
  rebuild(): void {
    const lexemes = this.lexemeId.size;
    const bulk = this.bulk;
    const alive = this.alive;
    const renumbered = this.livePosts < this.ids.length ? this.liveOrdinalsAfresh() : null;
    const starts = new Uint32Array(lexemes + 1);
    for (let id = 0; id < lexemes; id++) {
      for (const segment of this.segmentsOfId(id)) {
        eachPosting(segment, (ordinal) => {
          if (alive[ordinal]) starts[id + 1]!++;
        });
      }
    }
    for (let i = 0; i < bulk.size; i++) if (alive[bulk.ordinals[i]!]) starts[bulk.lexemes[i]! + 1]!++;
    for (let id = 0; id < lexemes; id++) starts[id + 1]! += starts[id]!;
    const ordinals = new Uint32Array(starts[lexemes]!);
    const quanta = new Uint16Array(starts[lexemes]!);
    const next = starts.slice(0, lexemes);
    const put = (id: number, ordinal: number, q: number) => {
      if (!alive[ordinal]) return;
      const at = next[id]!++;
      ordinals[at] = renumbered ? renumbered[ordinal]! : ordinal;
      quanta[at] = q;
    };
    for (let id = 0; id < lexemes; id++) {
      for (const segment of this.segmentsOfId(id)) eachPosting(segment, (ordinal, q) => put(id, ordinal, q));
    }
    for (let i = 0; i < bulk.size; i++) put(bulk.lexemes[i]!, bulk.ordinals[i]!, bulk.quanta[i]!);
    // The bulk and the old postings go before packing, which holds the ordinals and their gaps at once.
    this.tail.clear();
    this.tailSize = 0;
    this.bulk = { lexemes: new Uint32Array(0), ordinals: new Uint32Array(0), quanta: new Uint16Array(0), size: 0 };
    this.packed = noPostings();
    if (renumbered) this.renumberPosts(renumbered);
    // Kept accumulations hold ordinals, which may have moved.
    this.version++;
    this.packed = packPostings(this.withoutEmptyLexemes(starts), ordinals, quanta);
  }

  /** The new ordinal of each live post: its rank among the live ones. */
  private liveOrdinalsAfresh(): Uint32Array {
    const renumbered = new Uint32Array(this.ids.length);
    for (let ordinal = 0, to = 0; ordinal < this.ids.length; ordinal++)
      if (this.alive[ordinal]) renumbered[ordinal] = to++;
    return renumbered;
  }

  /** Moves each live post to its new ordinal; the dead ones' slots go, and the scratch is sized anew when next used. */
  private renumberPosts(renumbered: Uint32Array): void {
    const live = this.livePosts;
    const capacity = Math.max(1024, live);
    const ids = new Array<string>(live);
    const alive = new Uint8Array(capacity);
    const published = new Float64Array(capacity);
    const publication = new Int32Array(capacity);
    for (let ordinal = 0; ordinal < this.ids.length; ordinal++) {
      if (!this.alive[ordinal]) continue;
      const to = renumbered[ordinal]!;
      const id = this.ids[ordinal]!;
      ids[to] = id;
      alive[to] = 1;
      published[to] = this.published[ordinal]!;
      publication[to] = this.publication[ordinal]!;
      this.ordinalOf.set(id, to);
    }
    this.ids = ids;
    this.alive = alive;
    this.published = published;
    this.publication = publication;
    this.score = new Float64Array(0);
    this.held = new Uint16Array(0);
    this.termQuanta = new Int32Array(0);
    this.touched = new Uint32Array(0);
    this.termTouched = new Uint32Array(0);
  }

  /**
   * The offsets of the lexemes some live post holds, the others forgotten (their words left with the posts that were
   * edited or removed), numbered afresh in the same order.
   */
  private withoutEmptyLexemes(starts: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
    const lexemes = starts.length - 1;
    let held = 0;
    for (let id = 0; id < lexemes; id++) if (starts[id + 1]! > starts[id]!) held++;
    if (held === lexemes) return starts;
    const offsets = new Uint32Array(held + 1);
    const lexemeId = new Map<string, number>();
    let id = 0;
    for (const lexeme of this.lexemeId.keys()) {
      if (starts[id + 1]! > starts[id]!) {
        offsets[lexemeId.size + 1] = starts[id + 1]!;
        lexemeId.set(lexeme, lexemeId.size);
      }
      id++;
    }
    this.lexemeId = lexemeId;
    return offsets;
  }

  private grow(needed: number): void {
    if (needed <= this.alive.length) return;
    const capacity = Math.max(needed, this.alive.length * 2);
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
    const published = new Float64Array(capacity);
    published.set(this.published);
    this.published = published;
    const publication = new Int32Array(capacity);
    publication.set(this.publication);
    this.publication = publication;
  }

  private ensureScratch(): void {
    const n = this.ids.length;
    if (this.score.length >= n) return;
    const capacity = Math.max(n, this.alive.length);
    this.score = new Float64Array(capacity);
    this.held = new Uint16Array(capacity);
    this.termQuanta = new Int32Array(capacity).fill(-1);
    this.touched = new Uint32Array(capacity);
    this.termTouched = new Uint32Array(capacity);
  }
}

/** Each posting of a segment in order, decoded: for rebuild's passes (ranking decodes in its own loops, for speed). */
function eachPosting(
  { gaps, quanta, far, farStart, start, end }: Segment,
  visit: (ordinal: number, q: number) => void,
) {
  let ordinal = 0;
  let f = farStart;
  for (let i = start; i < end; i++) {
    const gap = gaps[i]!;
    ordinal = gap === FAR ? far[f++]! : ordinal + gap;
    visit(ordinal, quanta[i]!);
  }
}

function noPostings(): PackedPostings {
  return packPostings(new Uint32Array(1), new Uint32Array(0), new Uint16Array(0));
}

/** Postings as compressed sparse rows of plain ordinals, packed as gaps (see PackedPostings). */
function packPostings(
  offsets: Uint32Array<ArrayBuffer>,
  ordinals: Uint32Array,
  quanta: Uint16Array<ArrayBuffer>,
): PackedPostings {
  const lexemes = offsets.length - 1;
  const gaps = new Uint16Array(ordinals.length);
  const farOffsets = new Uint32Array(lexemes + 1);
  const farOrdinals: number[] = [];
  for (let id = 0; id < lexemes; id++) {
    let previous = 0;
    for (let i = offsets[id]!; i < offsets[id + 1]!; i++) {
      const gap = ordinals[i]! - previous;
      if (gap < FAR) gaps[i] = gap;
      else {
        gaps[i] = FAR;
        farOrdinals.push(ordinals[i]!);
      }
      previous = ordinals[i]!;
    }
    farOffsets[id + 1] = farOrdinals.length;
  }
  return { offsets, gaps, farOffsets, far: Uint32Array.from(farOrdinals), quanta };
}

function grown<T extends Uint32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The best `limit` of a stream by `before`, as a bounded binary heap whose root is the worst kept. */
class TopK {
  private heap: number[] = [];
  constructor(
    private limit: number,
    private before: (a: number, b: number) => boolean,
  ) {}

  get full(): boolean {
    return this.heap.length >= this.limit;
  }

  /** The worst item kept (only when full). */
  get worst(): number {
    return this.heap[0]!;
  }

  offer(item: number): void {
    if (this.limit <= 0) return;
    const heap = this.heap;
    if (heap.length < this.limit) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.before(heap[parent]!, heap[i]!)) break;
        [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
        i = parent;
      }
      return;
    }
    if (!this.before(item, heap[0]!)) return;
    heap[0] = item;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && this.before(heap[worst]!, heap[left]!)) worst = left;
      if (right < heap.length && this.before(heap[worst]!, heap[right]!)) worst = right;
      if (worst === i) break;
      [heap[worst], heap[i]] = [heap[i]!, heap[worst]!];
      i = worst;
    }
  }

  sorted(): number[] {
    return [...this.heap].sort((a, b) => (this.before(a, b) ? -1 : 1));
  }
}
