// A chapter or cue time: 03:42, 1:02:03.
const TIMESTAMP = /\b\d{1,2}:\d{2}(?::\d{2})?\b/g;
const FILLER =
  /^(?:As always|Positions? (?:are|changes)|We will update|Thanks for reading|Subscribe|This is not|Disclosure|Disclaimer|Welcome back)/iu;
/** Source code: braces, statements, calls ended by ";" or "{", shell prompts. */
const CODE =
  /[{}]|;\s*$|=>|[!=]==?|::|<<|#define|\b[\w.]+\([^()]*\)\s*[;{.]|<\/?[A-Za-z][\w-]*[\s>/]|^\s*(?:\$ |# |#!|sudo |npm |git |pip |def |function |var |let |const |import |return |if \(|for \()/mu;
/** Calls to act rather than content: "click here to read", "appeared first on", "subscribe to our newsletter". */
const BOILERPLATE_LINE =
  /^(?:guests?|hosts?|producers?|produced by|edited by|music by|credits?|editor['’]?s note|rebroadcast)\b|\b(?:(?:podcast|show|episode|newsletter) is (?:produced|edited|hosted|mixed) by|originally (?:released|aired|published) (?:in|on)|for more (?:information|info|details)\b.{0,40}\bvisit|click(?:ing)? (?:here|the|on the)|read (?:this|the) (?:article|story|post) in full|read (?:the )?(?:rest|full (?:story|article|post))|read more (?:about|at|here|on|link)|continue reading|appeared first on|subscrib(?:e|ing) (?:to|for|now|here|today)|sign up (?:for|to|here)|newsletter here|privacy (?:policy|notice)|all rights reserved|unsubscribe|listen (?:on|in|at|wherever|to (?:it|the (?:full )?episode|this episode)))\b/iu;
/** A list flattened into one line ("We talked about: *how we met *his origin story"): items, not a claim. */
const LIST_DUMP = /(?:\s\*\p{L}[^*]*){2,}/u;

/**
 * Sentences that state nothing a reader could cite: sign-offs and disclaimers, headings and questions, source code,
 * calls to act ("click here", "subscribe to"), credits, flattened lists and chapter marks. Shared by the extractive
 * summary (lib/ai/summaries/offline.ts) and the extractive research brief (lib/briefs/generate-offline.ts).
 */
export function isNotAClaim(text: string): boolean {
  if (FILLER.test(text) || text.endsWith(':') || text.endsWith('?')) return true;
  if (CODE.test(text) || BOILERPLATE_LINE.test(text) || LIST_DUMP.test(text)) return true;
  // A line of chapter marks ("(00:00) Introduction (03:42) Why spreads matter …") is a table of contents, not a point.
  return (text.match(TIMESTAMP) ?? []).length >= 3;
}
