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

/**
 * Digits that count nothing: a year ("in 2016", "2018-19"), a day of a month ("January 5", "5th"), a clock time, a name
 * with a number in it ("Q3", "S3", "COVID-19", "5G"). "Average hourly pay in 2016" states no pay.
 */
const NOT_QUANTITIES = [
  /\b(?:19|20)\d\d(?:\s*[-–/]\s*\d\d)?\b(?!\s*(?:%|percent|million|billion|bn|m\b))/gu,
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\b/giu,
  /\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/giu,
  /\b\d+(?:st|nd|rd|th)\b/giu,
  /\b\d{1,2}:\d\d\b/gu,
  /\b\p{L}+-?\d[\p{L}\d]*\b/gu,
  /\b\d+G\b/gu,
];

/** Whether a passage states a figure, in digits or in words; a year, a date or a number in a name is none. */
export function statesFigure(text: string): boolean {
  return FIGURE.test(NOT_QUANTITIES.reduce((rest, pattern) => rest.replace(pattern, ' '), text));
}

/**
 * Of the questions for a quantity, the ones for a sum of money ("How much did X pay…", "What is it estimated to
 * cost?", "What was its revenue…?"): a share, a count or a concentration is another quantity ("Time Warner bought a
 * 10% stake", asked what it paid). A question for a change ("How much has the price risen?") may be answered by a
 * share, and is not one.
 */
const MONEY_WORDS =
  /\b(?:cost|costs|costing|pay|paid|paying|spend|spent|spending|price|priced|charge|charged|worth|valued|valuation|fines?|fined|settle|settlement|raise[ds]?|raising|revenue|profits?|earn|earned|earnings|money|funding|salary|fees?|budget|savings|save|saved)\b/iu;
const MOVE_WORDS =
  /\b(?:rise|rises|risen|rose|rising|grow|grew|grown|growing|growth|fall|fell|fallen|falling|increase[ds]?|decrease[ds]?|jump(?:ed)?|drop(?:ped)?|climb(?:ed)?|cut)\b/iu;

export function asksMoney(question: string): boolean {
  return asksFigure(question) && MONEY_WORDS.test(question) && !MOVE_WORDS.test(question);
}

/** A multiple written between a figure and its currency: "$4.4m", "2.5 million dollars", "13 Mrd. Euro". */
const MULTIPLE =
  '(?:k|m|mn|bn|b|million|billion|trillion|thousand|hundred|miljon(?:er)?|miljard(?:er)?|mil|mld|mrd\\.?|mio\\.?|millionen|milliarden|tsd\\.?)';
const CURRENCY =
  '(?:dollars?|euros?|eur|usd|gbp|sek|nok|dkk|chf|jpy|cny|inr|pounds?|sterling|kronor|krona|kronur|kr|yen|yuan|renminbi|rupees?|francs?|cents?|pence|p)';
const MONEY = new RegExp(
  `[$€£¥₹]\\s?\\d|\\b(?:usd|eur|gbp|sek|nok|dkk|chf|jpy|cny|inr|kr|rs)\\.?\\s?\\d|\\d(?:[\\d.,\\s]*\\d)?\\s*(?:${MULTIPLE}\\s*)?${CURRENCY}\\b|\\b(?:a|one|two|three|four|five|six|seven|eight|nine|ten|hundreds?|thousands?|millions?|billions?)\\s+(?:${MULTIPLE}\\s+)?(?:of\\s+)?${CURRENCY}\\b`,
  'iu',
);

/** Whether a passage states a sum of money: a figure with its currency. */
export function statesMoney(text: string): boolean {
  return MONEY.test(text);
}
