/**
 * English stopwords for query-term counting and the local embedding.
 *
 * The first block is the Snowball list that PostgreSQL's `english` config drops (english.stop). It must stay a subset
 * of this set: a term Postgres throws away can never match, so counting it would depress topicCoverageRatio.
 * The second block adds contraction fragments and question/filler words that natural-language queries carry
 * ("what did analysts say about ...") but that say nothing about the topic.
 */
const POSTGRES_ENGLISH = `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are
was were be been being have has had having do does did doing a an the and but if or because as until while of at by
for with about against between into through during before after above below to from up down in out on off over under
again further then once here there when where why how all any both each few more most other some such no nor not only
own same so than too very s t can will just don should now`;

const EXTRA = `d ll m o re ve y didn doesn isn aren wasn weren hasn haven hadn won wouldn shouldn couldn mustn
would could shall might must also get got tell say says said think thoughts please show give find know let like
anything something whats`;

export const STOPWORDS: ReadonlySet<string> = new Set(`${POSTGRES_ENGLISH} ${EXTRA}`.split(/\s+/).filter(Boolean));
