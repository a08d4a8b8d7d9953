/**
 * A question that asks for a quantity ("How much…", "How many…", "What price…", "How fast did … grow?") is answered
 * only by a passage that states one: a figure in digits, or in words ("three", "a million", "doubled"). A passage that
 * names the subject and the thing asked but no figure ("Stack Overflow will charge AI developers for its API", asked
 * how much per request) says that there is a quantity, not what it is; sold as the answer, it is a paid miss.
 */

/** Openings of a question that asks for a quantity. */
const ASKS_FIGURE =
  /^\s*(?:(?:and|so|but)\s+)?(?:how\s+(?:much|many|fast|far|high|low|big|large|deep|steep)\b|by\s+how\s+much\b|what\s+(?:(?:is|was|are|were|did|does|do|would|will|could|has|have)\s+)?(?:the\s+|an?\s+|its\s+|their\s+|[\p{L}\p{N}&.'’-]+(?:'s|’s)\s+)?(?:(?:new|current|latest|annual|average|total|share|stock|market|target|top|starting|asking|offer|interest|mortgage|exchange|tax|growth|unemployment|inflation|fixed)\s+)*(?:price|prices|rate|rates|percentage|percent|amount|number|sum|value|valuation|cost|costs|size|figure|target|fee|fees|salary|pay|yield|multiple|margin|share|savings|revenue|sales|profit|loss|earnings|income|budget|fine|penalty|settlement|discount|premium|stake|return|returns|growth)\b|what\b.*\bbe\s+worth\b|what\s+(?:is|was|are|were|did|does|do|would|will)\b[^?]*\b(?:to\s+cost|cost|costs|charge|charges|pay|paid|spend|spent)\s*(?:for\b[^?]*)?\??\s*$)/iu;

/** A figure in digits or in words. "One" is left out: "one of the…" states no quantity. */
const FIGURE =
  /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|trillions?|dozens?|half|halved|doubled?|tripled?|quadrupled?|percent|twofold|threefold)\b/iu;

/**
 * A later clause asks something else ("…, and can it pay off its notes?", "…, and why?"), which a passage may answer
 * without a figure.
 */
const LATER_CLAUSE =
  /[,;—–]\s*(?:(?:and|or|but)\s+)?(?:at\s+)?(?:is|are|was|were|will|would|could|can|should|did|does|do|has|have|where|what|how|why|who|which|when)\b/iu;

/** Whether the question asks for a quantity (see above), and nothing else. */
export function asksFigure(question: string): boolean {
  return ASKS_FIGURE.test(question) && !LATER_CLAUSE.test(question);
}

/** Whether a passage states a figure, in digits or in words. */
export function statesFigure(text: string): boolean {
  return FIGURE.test(text);
}
