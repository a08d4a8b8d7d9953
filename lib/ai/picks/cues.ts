import type { CandidatePick } from './extractor';

export type Action = CandidatePick['action'];
export type Direction = CandidatePick['direction'];

/**
 * An action cue: a verb phrase by which the author (or the speaker) states what they do with an instrument. `dir`
 * fixes the direction when the phrase itself says it (a short sale, bought puts, a sell rating); otherwise the
 * clause decides (a position described as "our short"). `modal` cues are views, not trades: "we'd be buyers".
 */
export interface Cue {
  action: Action;
  dir: Direction | null;
  start: number;
  end: number;
  /** "bought", "trimmed"…: a first-person subject is needed before it; "is a buy", "top pick": anywhere in the clause. */
  kind: 'verb' | 'view' | 'label';
  option: boolean;
  /**
   * The instrument is the one named right before the cue: as the subject opening its clause ("Adobe stays"), or as
   * the company a rating is given to ("… and American Express (AXP) a Hold").
   */
  adjacent?: 'subject' | 'rated';
}

/** One leg of a pair trade: a company's name or ticker, and the separator before the other leg. */
const PAIR_NAME = String.raw`[$\p{Lu}][\w.&'’-]*(?:\s+(?:[\p{Lu}&][\w.&'’-]*|\([^()]{1,12}\))){0,4}`;
/** The leg may say where it is listed: "long Adyen (ADYEN.AS) in Amsterdam and short Worldline (WLN.PA) in Paris". */
const PAIR_LEG = String.raw`${PAIR_NAME}(?:\s+(?:in|on)\s+\p{Lu}[\w'’.-]*)?\s*(?:,|;|/|and|,\s*and|(?:,\s*)?while(?: going)?)`;
/** A short leg sized against the long one: "short an equal dollar amount of MDT", "short the same value of HLT". */
const PAIR_SIZE = String.raw`(?:(?:an?|the)\s+(?:equal|same|similar|matching)\s+(?:dollar\s+)?(?:amount|value|weight|notional|size)\s+(?:of|in)\s+)?`;

/** "against", or "against a short in": "long Ryanair (RYA.IR) against a short in easyJet (EZJ.L)". */
const PAIR_AGAINST = String.raw`(?:against|versus|vs\.?)(?:\s+(?:a|an|our|the) short(?: position)? (?:in|on))?`;
/** The short leg's company, capitalized or written as its brand is ("easyJet", "iRobot"). */
const PAIR_OTHER = String.raw`(?:[$\p{Lu}]|\p{Ll}{1,4}\p{Lu})`;

type Pattern = [action: Action, dir: Direction | null, kind: Cue['kind'], re: RegExp, adjacent?: Cue['adjacent']];

// Words between a verb and its puts or calls: "sold cash-secured puts", "bought January $40 puts", "sold Deere &
// Company (DE) March $420 puts" (a name with its ticker and a strike range, never a comma: that is another clause).
const W = String.raw`(?:\s+[\w$.&()/'’-]+){0,7}`;

/**
 * Puts and calls as instruments, not the verb "put" ("where we put it on") or phone and earnings calls: plural
 * "puts", "a put", "put spread"; a strike that is not a labour strike. Shared with the offline extractor's test of a
 * short clause.
 */
export const PUT = String.raw`\bputs\b|\bput\b(?!\s+(?:it|them|this|that|on|in|into|up|out|our|my|the|a|an|money|together|aside|off|back|forward|through|down)\b)`;
const OPTION_WORDS = new RegExp(
  String.raw`${PUT}|\b(?:calls?|call spread|options?|LEAPS|straddle|strangle)\b|(?<!\b(?:port|labou?r|workers['’]?|union|dock|rail|auto|general|writers['’]?|hunger) )\bstrikes?\b`,
  'iu',
);

/** Checked in this order; a later pattern never takes text an earlier one matched. */
const PATTERNS: Pattern[] = [
  // A pair trade, two calls in opposite directions: "long Visa, short Mastercard against it", "we are long Union
  // Pacific and short Old Dominion as a pair". Each leg's company follows its word; the actor is checked as for verbs.
  [
    'NEW_POSITION',
    'LONG',
    'verb',
    new RegExp(String.raw`\b[Ll]ong(?=\s+${PAIR_LEG}\s+short\s+${PAIR_SIZE}[$\p{Lu}])`, 'u'),
  ],
  [
    'NEW_POSITION',
    'SHORT',
    'verb',
    new RegExp(String.raw`(?<=\b[Ll]ong\s+${PAIR_LEG}\s+)short(?=\s+${PAIR_SIZE}[$\p{Lu}])`, 'u'),
  ],
  // "Buy to cover": the purchase that closes a short, not a buy.
  ['EXIT', 'SHORT', 'verb', /\b(?:buy|bought|buying) to cover\b/iu],
  // An options order's own words: "sell to close" the puts bought (a bearish bet closed) or the calls or shares,
  // "sell to open" puts (a long: paid to own the shares lower), "buy to open" puts (bearish) or calls (bullish).
  ['EXIT', 'SHORT', 'verb', new RegExp(String.raw`\b(?:sell|sold|selling) to close\b(?=[^.;]{0,60}?(?:${PUT}))`, 'iu')],
  ['EXIT', 'LONG', 'verb', /\b(?:sell|sold|selling) to close\b/iu],
  [
    'NEW_POSITION',
    'LONG',
    'verb',
    new RegExp(String.raw`\b(?:sell|sold|selling) to open\b(?=[^.;]{0,60}?(?:${PUT}))`, 'iu'),
  ],
  [
    'NEW_POSITION',
    'SHORT',
    'verb',
    new RegExp(String.raw`\b(?:buy|bought|buying) to open\b(?=[^.;]{0,60}?(?:${PUT}))`, 'iu'),
  ],
  ['NEW_POSITION', 'LONG', 'verb', /\b(?:buy|bought|buying) to open\b(?=[^.;]{0,60}?\bcalls?\b)/iu],
  // "Long Home Depot against Lowe's": the company a long is held against is the short leg.
  [
    'NEW_POSITION',
    'LONG',
    'verb',
    new RegExp(String.raw`\b[Ll]ong(?=\s+${PAIR_NAME}\s+${PAIR_AGAINST}\s+${PAIR_OTHER})`, 'u'),
  ],
  [
    'NEW_POSITION',
    'SHORT',
    'verb',
    new RegExp(String.raw`(?<=\b[Ll]ong\s+${PAIR_NAME}\s+)${PAIR_AGAINST}(?=\s+${PAIR_OTHER})`, 'u'),
  ],
  ['HOLD', null, 'verb', /\b(?:let|letting|lets)(?:\s+\S+){0,4}?\s+(?:run|ride)\b/iu],
  [
    'RECOMMENDATION',
    'SHORT',
    'view',
    /\b(?:are|am|is|remain|remains|stay|stays|turned|turn|we['’]re|I['’]m)(?: still| now| very| quite)? bearish on\b/iu,
  ],
  [
    'RECOMMENDATION',
    'LONG',
    'view',
    /\b(?:are|am|is|remain|remains|stay|stays|turned|turn|we['’]re|I['’]m)(?: still| now| very| quite)? bullish on\b/iu,
  ],
  [
    'RECOMMENDATION',
    'LONG',
    'view',
    /\b(?:we|I)(?:['’]re| are| am|['’]m) (?:now |still )?(?:buyers?|accumulators?)\b/iu,
  ],
  ['RECOMMENDATION', 'SHORT', 'view', /\b(?:we|I)(?:['’]re| are| am|['’]m) (?:now |still )?sellers?\b/iu],
  ['EXIT', 'SHORT', 'verb', /\bbought back (?:our|the|my)(?:\s+\S+){0,3}?\s*short\b/iu],
  ['EXIT', null, 'verb', /\bcut (?:\S+\s+){0,5}?(?:entirely|completely|from the portfolio|loose)\b/iu],
  ['HOLD', null, 'verb', /\b(?:have|has|['’]ve) been (?:long|short)\b/iu],
  // A covered call is written on shares the author keeps: a hold, not an exit. So are calls sold "on our X and Y
  // shares" or "against my X shares", which name the shares they cover.
  [
    'HOLD',
    'LONG',
    'verb',
    /\b(?:wrote|writing|write|sold|selling|sell)(?:\s+\S+){0,4}?\s+(?:covered calls?\b|calls? (?:on|against) (?:our|my)\s(?:[^.;]{0,80}?\s)?(?:shares|stock|stake|position|holdings?|ADRs?)\b)/iu,
  ],
  // An analyst's coverage and rating: a recommendation (a "hold" rating is a hold).
  ['RECOMMENDATION', null, 'verb', /\binitiat(?:e|ed|ing|es) coverage\b/iu],
  [
    'HOLD',
    'LONG',
    'view',
    /\b(?:rate|rated|rating|downgrad\w*|upgrad\w*)(?:\s+\S+){0,6}?\s+(?:to )?(?:a )?(?:hold|neutral|market[- ]perform|equal[- ]weight|sector[- ]perform)\b|\b(?:reiterat\w*|maintain\w*|reaffirm\w*)(?: (?:our|a|an|the|its|my))?(?: strong)? (?:hold|neutral)\b/iu,
  ],
  // Rotations: what is left is an exit, what is bought ("into", "for") a new position.
  [
    'EXIT',
    null,
    'verb',
    /\b(?:rotat(?:ed|ing|e)|switch(?:ed|ing)?|swapp?(?:ed|ing)?|mov(?:ed|ing)|trad(?:ed|ing))\s+(?:out of|from|(?:our|my|the)(?:\s+\w+){0,2}?\s+(?:position|stake|holding|shares)\s+(?:in|of))/iu,
  ],
  // "Alphabet stays in the portfolio", "Only one of the five is still in the portfolio: Alphabet".
  // "… stays in the book", as a long/short fund says it; "Our cash stays in the iShares 0-3 Month Treasury Bond ETF":
  // where the author's money is parked is a holding.
  [
    'HOLD',
    null,
    'label',
    /\b(?:stays?|remains?|(?:is|are) still) in (?:the|our|my) (?:model )?(?:portfolio|book)\b|\b(?:our|my) cash (?:stays|sits|remains|is parked|is kept) in\b/iu,
  ],
  // "Our three largest positions at quarter end were Intercontinental Exchange, Moody's (MCO) and Copart (CPRT)": the
  // author's holdings named after a copula, each a hold.
  [
    'HOLD',
    null,
    'verb',
    /\b(?:our|my) (?:\w+ )?(?:largest|biggest|top|core|main) (?:\w+ )?(?:positions|holdings)(?: (?:at|as of|on) [\w ]{1,20}?)? (?:are|were|remain|include|included)\b/iu,
  ],
  // "We are keeping Talen Energy (TLN).": the company kept is the object, written with its capital.
  ['HOLD', null, 'verb', /\b(?:[Ww]e|I)(?:['’]re| are|['’]m| am)? (?:still |also )?keeping(?=\s+[$\p{Lu}])/u],
  // "the last of our Vistra shares went at $196": the position's end, whatever the verb.
  [
    'EXIT',
    null,
    'verb',
    /\b(?:the )?last of (?:our|my) (?:(?:[\p{Lu}$][\w.&'’-]*|\([^()]{1,12}\))\s+){0,4}(?:shares|stock|stake|position)\s+(?:went|was sold|were sold|is gone|are gone|left)\b/iu,
  ],
  // "I moved the proceeds into the iShares Bitcoin Trust": what a sale's money bought.
  [
    'NEW_POSITION',
    null,
    'verb',
    /\b(?:moved|moving|put|putting|reinvested|reinvesting|rolled|rolling) (?:the|our|my) (?:proceeds|cash|money)(?: from (?:the|that) sale)? (?:in|into)\b/iu,
  ],
  // "Swapped GLD for IAU": a swap whose first company is what is left (the rotation below adds what is bought).
  ['EXIT', null, 'verb', /\b(?:[Ss]wapp?(?:ed|ing)|[Ss]witch(?:ed|ing))(?=\s+\$?\p{Lu})/u],
  // "We've owned ICE since 2019, and we still do": the hold restated by "do", its object the clause's company.
  ['HOLD', null, 'verb', /\b(?:we|I) still do(?=\s*(?:[.;,!—–]|$))/iu],
  // "Adobe stays, at a smaller size.", "Loblaw stays put": a holding that stays, said of the company right before.
  // "IBIT stays at 2%": at its weight.
  ['HOLD', null, 'view', /\b(?:stays|remains)(?: put| on| at \d+(?:\.\d+)?%)?(?=\s*(?:[,.;!]|$))/iu, 'subject'],
  [
    'NEW_POSITION',
    null,
    'view',
    /\b(?:is|as) (?:a|an|the|our) (?:\w+ )?(?:new (?:holding|position|buy|addition)|addition)\b/iu,
  ],
  // "Our one new holding is Larsen & Toubro": the new holding named after its verb.
  [
    'NEW_POSITION',
    null,
    'label',
    /\b(?:our|my) (?:\w+ )?new (?:holding|position|buy|addition|name)s? (?:is|are|was|were)\b/iu,
  ],
  // "We are buying back half of the AFRM short": part of a short covered.
  [
    'REDUCE',
    'SHORT',
    'verb',
    /\b(?:bought|buying|buy) back (?:half|part|some|a (?:third|quarter)|\d+%) of (?:the|our|my)(?:\s+\S+){0,3}?\s*short\b/iu,
  ],
  [
    'HOLD',
    null,
    'view',
    /\b(?:remains?|is)(?: still)? (?:a|an) (?!new\b)(?:\w+ )?(?:holding|position)\b|\b(?:remains?|is)(?: still)? (?:our|my) (?!new\b)(?:[\w-]+ ){0,3}(?:holding|position)\b|\b(?:our|my) (?:\w+ ){0,2}(?:holding|position) (?:is|remains)\b/iu,
  ],
  [
    'ADD',
    null,
    'verb',
    /\b(?:add(?:ed|ing|s)?|press(?:ed|ing)?)(?: to)? (?:our|my|the|that|this)(?: \w+)? (?:short|long|position|stake|holding)(?: position)?(?: in)?\b/iu,
  ],
  // Options first: the word "sold" or "bought" means something else before puts and calls.
  [
    'NEW_POSITION',
    'SHORT',
    'verb',
    new RegExp(
      String.raw`\b(?:bought|buy|buying|added|adding|own|picked up|long|through|via|using)${W}\s+(?:${PUT})`,
      'iu',
    ),
  ],
  [
    'NEW_POSITION',
    'LONG',
    'verb',
    new RegExp(String.raw`\b(?:sold|sell|selling|writing|wrote)${W}\s+(?:${PUT})`, 'iu'),
  ],
  [
    'NEW_POSITION',
    'LONG',
    'verb',
    new RegExp(String.raw`\b(?:bought|buy|buying|picked up|own)${W}\s+(?:calls?|call spreads?|LEAPS)\b`, 'iu'),
  ],
  // Covering in part before covering in full: "covered half of the short" is a reduction, not an exit.
  [
    'REDUCE',
    'SHORT',
    'verb',
    /\b(?:covered|covering|cover) (?:(?:about|roughly|around|nearly|almost) )?(?:half|part|some|a (?:third|quarter|fifth|portion|bit)|one[- ](?:third|quarter)|two[- ]thirds|\d+%)\b/iu,
  ],
  [
    'EXIT',
    'SHORT',
    'verb',
    /\b(?:covered|covering|cover|closed|closing|close) (?:out )?(?:(?:our|my|the|this|all of our|the rest of our|the remaining)\s+)?(?:\S+\s+){0,3}?short\b/iu,
  ],
  ['EXIT', 'SHORT', 'verb', /\b(?:covered|covering)\b(?! calls?\b)/iu],
  [
    'NEW_POSITION',
    'SHORT',
    'verb',
    /\b(?:sold short|shorted|shorting|short(?:ed)? selling|went short|going short|go short|initiated a short|opened a short|put on a short|bet(?:ting)? against|(?:sold|selling|sell) (?:(?:the|our|some|\d[\d,]*) )?(?:shares|stock|it|them|ADRs?) short\b(?! of\b))/iu,
  ],
  // Exits and trims before new positions: their sentences often also say "position".
  [
    'REDUCE',
    null,
    'verb',
    /\b(?:sold|selling|sell) (?:off )?(?:(?:about|roughly|around|nearly|almost|another) )?(?:(?:half|part|some|a (?:third|quarter|fifth|tenth|portion|bit|little|chunk|slice)|one[- ](?:third|quarter|fifth)|two[- ]thirds)\b|\d+%)/iu,
  ],
  [
    'EXIT',
    null,
    'verb',
    /\b(?:sold|sell|selling|sells) (?:out\b|(?:all|the rest|the remainder|the balance|the last)\b|(?:our|my) (?:entire|remaining|whole|last|full)\b)/iu,
  ],
  [
    'EXIT',
    null,
    'verb',
    /\b(?:exited|exiting|exits?|exit(?:ed)? (?:our|the|my) position|liquidated|liquidating|dumped|unwound|unwinding|stopped out|are out of|am out of|we['’]re out of|I['’]m out of|no longer (?:own|hold|long|short|in)|parted ways with|said goodbye to|took (?:the|our) loss)\b/iu,
  ],
  [
    'EXIT',
    null,
    'verb',
    /\b(?:closed|closing|close)(?: out)? (?:(?:our|my|the|this|that)\s+)?(?:\S+\s+){0,3}?(?:position|stake|trade|holding|long|(?:put|call) spreads?|puts|calls|options|straddle|strangle)\b|\bclosed out\b/iu,
  ],
  [
    'REDUCE',
    null,
    'verb',
    /\b(?:trim(?:med|ming|s)?|reduc(?:ed|ing|e)|lightened|lightening|pared|paring|scaled back|scaling back|cut(?:ting)? (?:back|our|my|the)(?:\s+\w+){0,2}\s+(?:position|stake|weight|exposure|holding)|took (?:some |a little |partial )?(?:profits?|gains|chips off)|(?:took|taken|taking) (?:a (?:third|quarter|fifth|bit|little|slice)|half|some|one[- ](?:third|quarter)|\d+%) off\b|taking (?:some |partial )?(?:profits?|gains|chips off)|booked (?:some )?(?:profits?|gains)|rang the register|downsized|halved|cut (?:\S+\s+){0,4}?(?:in half|by (?:half|a third|a quarter|two[- ]thirds|\d+%)))\b/iu,
  ],
  ['EXIT', null, 'verb', /\b(?:sold|sell|selling) (?:our|my|the)\b(?!\s+(?:puts?|calls?)\b)/iu],
  ['EXIT', null, 'verb', /\bsold\b(?! (?:off|out of stock|puts?|calls?)\b)/iu],
  [
    'ADD',
    null,
    'verb',
    /\b(?:add(?:ed|ing|s)? (?:to|more|another|a (?:bit|little))\b|bought more|buying more|bought (?:some )?additional|increas(?:ed|ing) (?:our|my|the)(?:\s+\w+){0,3}\s+(?:position|stake|weight|exposure|holding|allocation)|topp?(?:ed|ing) up|doubled down|doubling down|doubled our|upsized|averaged down|averaging down|(?:been |keep |keeps |kept )?adding (?:on|into) (?:\w+ )?(?:weakness|dips?|pullbacks?|sell-offs?|declines?|the dip|the way down)|keep(?:s)? (?:adding|buying)|(?:am|are|we['’]re|I['’]m) (?:still |now )?adding(?=\s*(?:[.;,!]|$|to\b|on\b|here\b))|pressed (?:our|the|my) (?:[^.;,]{0,40}?\s)?short\b|pressed (?:it|the position|the trade)|added)\b/iu,
  ],
  [
    'HOLD',
    null,
    'verb',
    /\b(?:still (?:owns?|holds?|long|short|has|have|in)|continu(?:e|es|ing) to (?:own|hold)|remain(?:s|ing)? (?:long|short|holders?|invested|in|owners?)|stay(?:ing)? (?:long|short|in|with)|has been (?:long|short)|left (?:\w+ )?(?:untouched|unchanged)|(?:our|my) (?:long|short)(?: position)? in|holding (?:onto|on to|our|my|the)|keep(?:ing)? (?:our|my|the)(?:\s+\w+){0,2}\s+(?:position|shares|stake)|sticking with|(?:we|I)(?: still| also| do)? (?:own|hold)|(?:we|I) have (?:long )?(?:owned|held)|(?:my|our) (?:\w+ )?(?:fund|firm|portfolio|clients?|book|office|strategy|partnership)s? (?:still )?(?:owns?|holds?)(?! (?:no|off|the view)\b)|no plans to sell|(?:are|am|we['’]re|I['’]m) (?:still )?holding|hold(?:ing)? steady)\b/iu,
  ],
  // "we've kept it through every wobble", "I'm keeping it", "I keep the stock": the position, not a habit ("keep it
  // simple"), so the object is the position and nothing but the end of the clause or a time follows it.
  [
    'HOLD',
    null,
    'verb',
    /\b(?:keep|keeps|keeping|kept) (?:it|them|the (?:shares|stock|position|stake)|(?:our|my) (?:shares|stock|position|stake))(?=\s*(?:[.;,!]|$)|\s+(?:through|for|either|at|in (?:the|our|my) portfolio|as|and|but|until)\b)/iu,
  ],
  // "What I did buy, in October, is Carrier Global", "What we sold was Lennox": a cleft, its object after "is".
  [
    'NEW_POSITION',
    null,
    'verb',
    /\bwhat (?:we|I)(?: did| have| also| just)? (?:bought|buy|purchased)(?=(?:,[^.;,]{0,30},)?\s+(?:is|are|was|were)\s)/iu,
  ],
  [
    'EXIT',
    null,
    'verb',
    /\bwhat (?:we|I)(?: did| have| also| just)? (?:sold|sell)(?=(?:,[^.;,]{0,30},)?\s+(?:is|are|was|were)\s)/iu,
  ],
  // "What we've kept is Arista Networks", "What we are keeping is L'Oréal", "What we do own: …": the object follows.
  [
    'HOLD',
    null,
    'verb',
    /\bwhat (?:we|I)(?:['’]ve| have| are| am|['’]re|['’]m| do| still)? (?:kept|keeping|own|hold|holding)(?=\s*(?:is|are|:)\s)/iu,
  ],
  [
    'NEW_POSITION',
    null,
    'verb',
    /\b(?:(?:bought|purchased|purchasing|buying)(?! back\b)|initiat(?:e|ed|ing)|open(?:ed|ing) (?:a |our |an? )?(?:\S+\s+){0,2}?(?:position|stake|long)|new position|start(?:ed|ing) (?:a |to )?(?:\S+\s+){0,2}?(?:position|stake|buying|accumulating)|took (?:a|an)(?:\s+\w+){0,2}\s+(?:position|stake)|establish(?:ed|ing)(?: a)?(?:\s+\w+){0,2}\s+(?:position|stake)|picked up|went long|going long|go long|got long|accumulat(?:ed|ing)|entered|nibbled(?: at| on)?|took (?:a |an )?(?:small |first )?(?:bite|nibble)(?: of| out of)?|dipped (?:a|our) toe)\b/iu,
  ],
  [
    'NEW_POSITION',
    'SHORT',
    'verb',
    /\b(?:are|am|is|we['’]re|I['’]m)(?: now)? short\b(?![- ](?:term|squeeze|interest|of|on time|sellers?))/iu,
  ],
  [
    'NEW_POSITION',
    'LONG',
    'verb',
    /\b(?:are|am|is|we['’]re|I['’]m)(?: now)? long\b(?![- ](?:term|time|duration|haul|run|way|enough))/iu,
  ],
  ['NEW_POSITION', null, 'verb', /\b(?:we|I) buy\b/iu],
  // "I would buy it here", "we'd add below $30": a trade in the modal, which the extractor reads as a recommendation.
  [
    'NEW_POSITION',
    null,
    'verb',
    /(?<=\b(?:would|'d|’d)\s+(?:(?:happily|gladly|still|also|definitely|certainly)\s+)?)(?:buy|add)\b(?!\s+(?:back|up|that|this|one)\b)/iu,
  ],
  // Views: recommendations and ratings.
  [
    'RECOMMENDATION',
    'SHORT',
    'view',
    /\b(?:(?:would|'d|’d) (?:be )?(?:sellers?|short(?:ing)?|shorts?)|(?:rate|rated|rating|upgrad\w*|downgrad\w*)(?:\s+\S+){0,6}?\s+(?:to )?(?:an? )?(?:strong )?(?:sell|underperform|underweight|reduce)\b|(?:reiterat\w*|maintain\w*|reaffirm\w*)(?: (?:our|a|an|the|its|my))?(?: strong)? (?:sell|underperform|underweight)\b|(?:is|are|as|remains?) (?:a|an|our) (?:strong |clear )?(?:sell|short|avoid|underweight)\b|(?:recommend|suggest)(?:s|ed|ing)? (?:selling|shorting|avoiding)|avoid(?:ing)?|steer clear of|stay away from|sell rating|top short|best short|underweight)\b/iu,
  ],
  [
    'RECOMMENDATION',
    'LONG',
    'view',
    /\b(?:(?:would|'d|’d) (?:be )?(?:an? )?(?:buyers?|accumulators?)|(?:would|'d|’d) rather (?:own|buy|be long|hold)|(?:rate|rated|rating|upgrad\w*|downgrad\w*)(?:\s+\S+){0,6}?\s+(?:to )?(?:an? )?(?:strong )?(?:buy|outperform|overweight|accumulate)\b|(?:reiterat\w*|maintain\w*|reaffirm\w*)(?: (?:our|a|an|the|its|my))?(?: strong)? (?:buy|outperform|overweight)\b|(?:is|are|as|remains?) (?:a|an|our) (?:strong |clear |conviction )?buy\b|(?:recommend|suggest)(?:s|ed|ing)? (?:buying|owning|adding)|recommend(?:s|ed|ing|ation)?|our (?:call|pick)|(?:my|our) (?:top |favou?rite |best |highest[- ]conviction )?(?:pick|idea)|top pick|best idea|favou?rite (?:idea|name|stock)|[A-Z][a-z]+['’]s (?:top |favou?rite |best )?pick|(?:we|I) (?:really )?(?:like|love|favou?r|prefer)|buy below|buy rating|overweight|conviction buy)\b/iu,
  ],
];

/** Verbs in the modal or future ("we would buy", "we may add"): a view on the instrument, not a trade. */
const MODAL =
  /\b(?:would|could|might|may|will|shall|should|'d|’d|'ll|’ll|plan(?:ning)? to|intend to|look(?:ing)? to|want to|ready to|happy to|prepared to|going to|consider(?:ing)?|wait(?:ing)? to|hope to|expect to|recommend(?:s|ed)?|suggest(?:s|ed)?|advise)(?:\s+(?:be|also|still|now|gladly|happily|probably|likely|start|begin))*\s*$/iu;

/**
 * What a label that is also a news word ("NEW: Tesla recalls…", "No change in Apple's guidance") must be followed by
 * to report a trade: only companies (names, tickers, listings, "and", "or") up to a stop or a price.
 */
const NAMES_ONLY =
  /^\s*(?:(?:\$?\p{Lu}[\p{L}\p{N}.&'’-]*|of|and|or|&)\s+|\([^)]*\)\s*|,\s*)*?(?:\$?\p{Lu}[\p{L}\p{N}.&'’-]*|\([^)]*\))\s*(?:[,.;:—–]|$|at\s)/u;

/**
 * Sentence-initial verbs with the author as the understood subject: portfolio notes ("Bought FCX at $38").
 * `namesOnly`: the label counts only when NAMES_ONLY follows it.
 */
const IMPLICIT: [RegExp, Action, Direction | null, Cue['kind'], namesOnly?: boolean][] = [
  // A label with a colon reports a trade ("Buys: FCX"); the bare imperative advises one ("Buy FCX under $45").
  [
    /^(?:bought|initiated|opened|started|purchased|new position(?: in)?|new buys?|buys?:)(?=\W)\s*:?/iu,
    'NEW_POSITION',
    null,
    'label',
  ],
  // "New: Ferrari (RACE)", "New this month: Dollarama", "New positions: …".
  [
    /^new(?: this (?:week|month|quarter|year)| today)?(?: (?:positions?|buys?|holdings?|additions?|names?))?\s*:/iu,
    'NEW_POSITION',
    null,
    'label',
    true,
  ],
  [/^(?:buy|accumulate)\b/iu, 'RECOMMENDATION', 'LONG', 'label'],
  // "If you want aerospace and defense in one stock, buy RTX (RTX).": the imperative after the reader's condition.
  [/^if you [^,;.?]{1,80},\s*(?:buy|own)\b/iu, 'RECOMMENDATION', 'LONG', 'label'],
  // "Starter in Vertiv (VRT) at $171": a first, small position.
  [/^starter(?: position)? (?:in|on)\b/iu, 'NEW_POSITION', null, 'label'],
  [/^(?:shorted|shorts?:)(?=\W)\s*:?/iu, 'NEW_POSITION', 'SHORT', 'label'],
  [/^longs?:/iu, 'NEW_POSITION', 'LONG', 'label'],
  [/^short\b/iu, 'RECOMMENDATION', 'SHORT', 'label'],
  [/^(?:added(?: to)?|adds?(?: to)?)\b:?|^(?:increased|raised|upsized)\s*:/iu, 'ADD', null, 'label'],
  [
    /^(?:trimmed|trims?|reduced|took (?:some )?profits?(?: on| in)?)\b:?|^(?:cut|decreased|lightened)\s*:/iu,
    'REDUCE',
    null,
    'label',
  ],
  [/^(?:sold|exited|exits?|closed(?: out)?)\b:?/iu, 'EXIT', null, 'label'],
  // "Eliminated CVS Health (CVS) after its rally": a note's exit of a company written with its capital.
  [
    /^(?:[Ee]liminated|[Ll]iquidated)(?=\s+(?:(?:our|my|the) (?:position|stake|holding) in\s+)?[$\p{Lu}])/u,
    'EXIT',
    null,
    'label',
  ],
  [/^(?:covered)\b:?/iu, 'EXIT', 'SHORT', 'label'],
  // "Out of ON.": a note of an exit, before names only ("Out of the blue" is none).
  [/^out of\b/iu, 'EXIT', null, 'label', true],
  // "Held:" only as a label: "Held back by supply, …" is not a hold.
  [/^(?:holds?|holding|still own|own|kept|keeping|unchanged)\b:?|^held\s*:/iu, 'HOLD', null, 'label'],
  // "Still holding GE Vernova (GEV).", "Still short Carvana.": a note that restates a position kept.
  [/^still (?:holding|owning|own|in|long)\b/iu, 'HOLD', null, 'label'],
  [/^still short\b/iu, 'HOLD', 'SHORT', 'label'],
  // "Held through the drawdown: S&P Global (SPGI)": a label of a few words that opens with the action, before names.
  [/^held(?:\s+[\p{L}'’-]+){1,4}\s*:/iu, 'HOLD', null, 'label', true],
  [/^no changes?(?: (?:to|in|for)(?: (?:our|the) positions? in)?)?\b:?/iu, 'HOLD', null, 'label', true],
  [/^(?:sell|avoid)\b:?/iu, 'RECOMMENDATION', 'SHORT', 'label'],
];

/**
 * A status after the company in a list item or note: "Waste Management (WM), new, 3% weight", "Costco (COST),
 * increased from 4% to 5%", "UnitedHealth Group (UNH), position closed". The company must come with its ticker, and
 * the status word must end its phrase (a comma, the end, "from 4% to 5%"), so "Costco (COST), increased its dividend"
 * is news, not a trade.
 */
const POSTPOSED_LEAD =
  /^\s*(?:[A-Z][\w.&'’-]*(?:\s+[A-Z&][\w.&'’-]*){0,4}\s*\([^()]{1,20}\)|\$[A-Za-z][\w.]*)\s*[,:—–-]\s*/u;
// What may end a status: a stop, or a weight ("from 4% to 5%", "to a 3% weight"); never a price or a date, which
// make "closed at $180", "unchanged at $190" or "increased by 3%" a market report.
const THIS_PERIOD = String.raw`(?:\s+(?:this|last) (?:week|month|quarter))?`;
const STATUS_END = String.raw`${THIS_PERIOD}(?=\s*(?:[,.;:—–(]|$))`;
const WEIGHT_END = String.raw`(?=\s*(?:[,.;:—–(]|$|from\b|to (?:an? )?\d+(?:\.\d+)?%))`;
// A fill price may follow a status that no market report uses ("new position at €118", "exited at DKK 310"), unlike
// "closed at $180" or "unchanged at $190", which are a price's.
const FILL_END = String.raw`${THIS_PERIOD}(?=\s*(?:[,.;:—–(]|$|at (?:[A-Z]{3} ?|\p{Sc})?\d))`;
const status = (words: string, end: string) => new RegExp(`^(?:${words})${end}`, 'iu');
const POSTPOSED: [RegExp, Action, Direction | null][] = [
  [
    status('new(?: position| holding| buy| addition)?|initiated|bought|starter(?: position)?', FILL_END),
    'NEW_POSITION',
    null,
  ],
  [status('opened', STATUS_END), 'NEW_POSITION', null],
  [status('increased|added(?: to)?|topped up|upsized|raised', WEIGHT_END), 'ADD', null],
  [status('reduced|trimmed|cut|decreased|lightened|halved', WEIGHT_END), 'REDUCE', null],
  [status('sold|exited', FILL_END), 'EXIT', null],
  [status('(?:position )?closed|removed', STATUS_END), 'EXIT', null],
  [status('unchanged|held|no change|kept', STATUS_END), 'HOLD', null],
  [status('shorted|new short', FILL_END), 'NEW_POSITION', 'SHORT'],
  [status('covered|short covered', STATUS_END), 'EXIT', 'SHORT'],
];

const LEADING_WEIGHT =
  /^\s*\d+(?:\.\d+)?%(?:\s+(?:of|in)\s+(?:capital|the portfolio|the fund|assets|NAV|net assets))?\s*,\s*/iu;
const HELD_AT_WEIGHT = /^(?:unchanged|held|kept)\s+at\s+\d+(?:\.\d+)?%/iu;

/** The status after a company that opens an item ("increased to 6%", "exited", "new"), else null. */
export function postposedStatus(rest: string, led = false): { action: Action; dir: Direction | null } | null {
  // In an item under the author's lead, a holding left alone may give its weight ("unchanged at 15%"); never its price
  // ("unchanged at $190"), and not in a list nobody leads, which may be an index's.
  if (led && HELD_AT_WEIGHT.test(rest)) return { action: 'HOLD', dir: null };
  // "Alphabet (GOOGL): 9.8% of capital, no change.": under the author's lead, an item may give its weight before its
  // status; the status, not the weight, is the action.
  const afterWeight = led ? rest.replace(LEADING_WEIGHT, '') : rest;
  if (afterWeight !== rest) return postposedStatus(afterWeight, false);
  const entry = POSTPOSED.find(([re]) => re.test(rest));
  return entry ? { action: entry[1], dir: entry[2] } : null;
}

/**
 * Headings that say what was done to the items listed under them ("Buys", "Sells", "No change", "New positions"):
 * the portfolio's own changes, so the heading's action applies to each item that does not state one of its own.
 */
const SECTIONS: [RegExp, Action, Direction | null][] = [
  [
    /^(?:buys|bought|purchases|purchased|new (?:buys|positions|holdings|names|additions)|additions|initiated|opened)$/iu,
    'NEW_POSITION',
    null,
  ],
  [/^(?:adds|added(?: to)?|increased(?: positions)?|topped up|top-ups)$/iu, 'ADD', null],
  [/^(?:trims|trimmed|reduced(?: positions)?|reductions|decreased)$/iu, 'REDUCE', null],
  [/^(?:sells|sold|exits|exited|closed(?: positions)?|removed|removals)$/iu, 'EXIT', null],
  [/^(?:holds|held|unchanged|no changes?|kept|still own(?:ed)?)$/iu, 'HOLD', null],
  [/^(?:new shorts|shorted)$/iu, 'NEW_POSITION', 'SHORT'],
  [/^(?:covered|shorts covered)$/iu, 'EXIT', 'SHORT'],
];

/** The action a list heading gives its items, or null: "Buys", "**Sells:**", "No change this month". */
export function sectionCue(heading: string): { action: Action; dir: Direction | null } | null {
  const words = heading
    .replace(/^[\s\p{S}\p{P}]+|[\s\p{S}\p{P}]+$/gu, '')
    .replace(/\s+(?:this|last) (?:week|month|quarter|year)$/iu, '');
  const entry = SECTIONS.find(([re]) => re.test(words));
  return entry ? { action: entry[1], dir: entry[2] } : null;
}

// An action cell may say how much, in a few words of its own: "Sold all", "Sold half", "Added 1%", "Buy (new)",
// "Sell (all)", "Bought 25 more", "Sold all 110 shares". The cell is the text between two runs of spaces or tabs.
const TABLE_ACTION =
  /(?: {2,}|\t)((?:bought|buy|new|added|add|sold|sell|trimmed|trim|reduced|exited|exit|closed|hold|held|short|shorted|covered|initiated)\b(?:(?: ?\(| )(?:all|out|half|more|some|part|new|entire|position|shares|of|the|\d+(?:\.\d+)?%?)\)?){0,4})(?= {2,}|\t|$)/giu;
const TABLE_ACTIONS: [RegExp, Action, Direction | null][] = [
  [/^(?:sold|sell|closed|exited|exit)\b.*\b(?:half|some|part|\d+(?:\.\d+)?%)/u, 'REDUCE', null],
  [/^(?:sold|sell|closed|exited|exit)\b.*\b(?:all|out|entire)\b/u, 'EXIT', null],
  // A number of shares sold, not said to be all of them, is a part.
  [/^(?:sold|sell)\b.*\d/u, 'REDUCE', null],
  [/^(?:bought|buy|added|add)\b.*\b(?:more|\d+(?:\.\d+)?%)/u, 'ADD', null],
  [/^(?:trimmed|trim|reduced)\b/u, 'REDUCE', null],
  [/^(?:bought|buy|new|initiated)\b/u, 'NEW_POSITION', null],
  [/^(?:added|add)\b/u, 'ADD', null],
  [/^(?:sold|sell|exited|exit|closed)\b/u, 'EXIT', null],
  [/^(?:hold|held)\b/u, 'HOLD', null],
  [/^(?:short|shorted)\b/u, 'NEW_POSITION', 'SHORT'],
  [/^covered\b/u, 'EXIT', 'SHORT'],
];

/** "Rating: Buy", "Action: sell", "Verdict — hold". */
const RATING_LABEL =
  /\b(?:rating|action|recommendation|verdict|our call|call)\s*[:—–-]\s*(strong buy|buy(?!\s+to\s+cover\b)|accumulate|outperform|overweight|add|hold|sell|underweight|underperform|short|avoid|reduce|trim)\b/iu;

/** "Upgrade: X to Buy from Hold", "Downgraded: X (X) to Sell": group 1 the label, group 2 the new rating. */
const RATING_CHANGE_LABEL =
  /^[\s"“*]*((?:upgrade|upgraded|downgrade|downgraded)\s*[:—–]\s*)[^;:]{1,80}?\bto\s+(strong buy|buy|accumulate|outperform|overweight|hold|neutral|equal[- ]weight|market[- ]perform|sell|underweight|underperform|reduce)\b/iu;

export function findCues(clause: string, offset: number, sentenceStart: boolean): Cue[] {
  const taken: Cue[] = [];
  const overlaps = (s: number, e: number) => taken.some((c) => s < c.end && e > c.start);
  const option = OPTION_WORDS.test(clause);
  const rating = RATING_LABEL.exec(clause);
  if (rating) {
    const word = rating[1]!.toLowerCase();
    const action: Action =
      word === 'hold'
        ? 'HOLD'
        : word === 'add'
          ? 'ADD'
          : word === 'trim' || word === 'reduce'
            ? 'REDUCE'
            : 'RECOMMENDATION';
    const dir: Direction = /sell|under|short|avoid/u.test(word) ? 'SHORT' : 'LONG';
    // "Action: SELL SHORT Joby Aviation at market": an order that opens a short, not a sell rating.
    const order = /^action\s*[:—–-]\s*sell short\b/iu.test(rating[0] + clause.slice(rating.index + rating[0].length));
    taken.push({
      action: order ? 'NEW_POSITION' : action,
      dir,
      start: offset + rating.index,
      end: offset + rating.index + rating[0].length,
      kind: 'label',
      option,
    });
  }
  // A research note's own rating change, as a label: "Upgrade: Lululemon Athletica (LULU) to Buy from Hold",
  // "Downgrade: Snap Inc. (SNAP) to Sell". The label is the cue; the company after it is what it rates.
  const change = sentenceStart ? RATING_CHANGE_LABEL.exec(clause) : null;
  if (change && !rating) {
    const word = change[2]!.toLowerCase();
    const hold = /^(?:hold|neutral|equal[- ]weight|market[- ]perform)$/u.test(word);
    taken.push({
      action: hold ? 'HOLD' : 'RECOMMENDATION',
      dir: /sell|under|short|avoid/u.test(word) ? 'SHORT' : 'LONG',
      start: offset + change.index,
      end: offset + change.index + change[1]!.length,
      kind: 'label',
      option,
    });
  }
  // A table's action column: "Amphenol     APH      Bought".
  for (const m of clause.matchAll(TABLE_ACTION)) {
    const word = m[1]!.toLowerCase();
    const start = offset + m.index! + m[0].indexOf(m[1]!);
    const entry = TABLE_ACTIONS.find(([re]) => re.test(word));
    if (entry && !overlaps(start, start + m[1]!.length)) {
      taken.push({ action: entry[1], dir: entry[2], start, end: start + m[1]!.length, kind: 'label', option });
    }
  }
  for (const [action, dir, kind, re, adjacent] of PATTERNS) {
    // A pattern without the i flag is case-sensitive on purpose: a pair's legs are capitalized names.
    const global = new RegExp(re.source, re.flags.includes('i') ? 'giu' : 'gu');
    for (const m of clause.matchAll(global)) {
      // "value-added", "short-term": a word inside a compound is not a cue.
      if (m.index! > 0 && /^\w/u.test(m[0]) && /[-\w]/u.test(clause[m.index! - 1]!)) continue;
      const start = offset + m.index!;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      const options = option || /\b(?:puts?|calls?)\b/iu.test(m[0]);
      taken.push({ action, dir, start, end, kind, option: options, ...(adjacent ? { adjacent } : {}) });
    }
  }
  // A rating given to several companies at once: "We rate Mastercard (MA) a Buy and American Express (AXP) a Hold".
  // Each later "a Hold" rates the company named right before it.
  if (/\b(?:rate|rated|rating|reiterat\w*|initiat\w*)\b/iu.test(clause)) {
    for (const m of clause.matchAll(
      /\b(?:an?|at) (?:[Ss]trong )?(Buy|Hold|Sell|Neutral|Outperform|Underperform|Overweight|Underweight|Accumulate)\b/gu,
    )) {
      const start = offset + m.index!;
      if (overlaps(start, start + m[0].length)) continue;
      const word = m[1]!.toLowerCase();
      const hold = word === 'hold' || word === 'neutral';
      const short = /sell|under/u.test(word);
      taken.push({
        action: hold ? 'HOLD' : 'RECOMMENDATION',
        dir: short ? 'SHORT' : 'LONG',
        start,
        end: start + m[0].length,
        kind: 'view',
        option,
        adjacent: 'rated',
      });
    }
  }
  if (sentenceStart) {
    // "Bought FCX …", or after a label or name: "Unchanged: MSFT", "Freeport (FCX): added on the dip".
    const lead = /^\s*(?:[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){0,3}\s*(?:\([^)]*\))?\s*[:—–-]\s*)?/u.exec(clause)![0];
    // Emoji, bullets and emphasis before the label: "🟢 BUY — …", "**Sold:** …".
    const leading = /^[\s\p{S}\p{P}]*/u.exec(clause)![0].replace(/[$(]+$/u, '').length;
    let labelled = false;
    found: for (const at of [leading, lead.length]) {
      for (const [re, action, dir, kind, namesOnly] of IMPLICIT) {
        const m = re.exec(clause.slice(at));
        if (namesOnly && m && !NAMES_ONLY.test(clause.slice(at + m[0].length))) continue;
        if (m && !overlaps(offset + at, offset + at + m[0].length)) {
          const start = offset + at;
          taken.push({ action, dir, start, end: start + m[0].length, kind, option });
          labelled = true;
          break found;
        }
      }
    }
    const company = labelled ? null : POSTPOSED_LEAD.exec(clause.slice(leading));
    if (company) {
      const at = leading + company[0].length;
      const entry = POSTPOSED.find(([re]) => re.test(clause.slice(at)));
      const m = entry?.[0].exec(clause.slice(at));
      if (entry && m) {
        // The status word may also be a verb cue ("reduced"); here its subject is the listed company, the author's.
        const clash = taken.findIndex((c) => c.start < offset + at + m[0].length && c.end > offset + at);
        if (clash >= 0) taken.splice(clash, 1);
        taken.push({
          action: entry[1],
          dir: entry[2],
          start: offset + at,
          end: offset + at + m[0].length,
          kind: 'label',
          option,
        });
      }
    }
  }
  // "rotated out of X into Y", "swapped our X for Y": the second half of a rotation is a new position.
  for (const exit of taken.filter(
    (c) => c.action === 'EXIT' && /^(?:rotat|switch|swap|mov|trad)/iu.test(clause.slice(c.start - offset)),
  )) {
    const rest = clause.slice(exit.end - offset);
    const into = /\b(?:and )?(?:into|for|with)\b/iu.exec(rest);
    if (!into) continue;
    const start = exit.end + into.index;
    if (!overlaps(start, start + into[0].length)) {
      taken.push({ action: 'NEW_POSITION', dir: null, start, end: start + into[0].length, kind: 'label', option });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

export function isModal(before: string): boolean {
  return MODAL.test(before);
}

/** Words before a cue that negate it: "we did not buy", "we haven't added", "never owned", "rather than selling". */
export const NEGATED =
  /(?:\bnot|n['’]t|\bnever|\bno\b|\bnor\b|\bneither|\bwithout|\brather than|\binstead of|\bdecided against|\bchose not to|\bdeclined to|\bresisted|\bpassed on|\bno (?:plans?|intention|desire) (?:to|of))(?:\s+(?:be|been|yet|a|an|the|any|currently|actively|really|even|also|going to|planning to|to))*\s*$/iu;

/** A considered and rejected idea: "we looked at X but passed", "we thought about buying X; we didn't". */
export const REJECTED =
  /\b(?:consider(?:ed|ing)|look(?:ed|ing) (?:hard )?at|thought about|were tempted|was tempted|debated|toyed with|evaluat(?:ed|ing)|weigh(?:ed|ing)|kicked the tires on)\b[^.;]*\b(?:but|however|though|yet)\b[^.;]*\b(?:pass(?:ed)?|not|n['’]t|against|no|decided|chose|wait|elsewhere|instead|too)\b/iu;

/** Time clauses that tell the story of a position, not today's action: "since we bought it", "when we added". */
export const CONTEXT_CLAUSE =
  /\b(?:since|when|after|before|until|once|ever since|because|as|where)\s+(?:we|I)(?:\s+\w+){0,2}\s*$|\b(?:first|originally|initially|previously|once)\s*$|(?:^|:\s*)(?:why|how)\s+(?:we|I)\b[^.]*$|\bthan\s+(?:we|I)\s*$|\b(?:whether|if)\s+(?:we|I)\b[^.;,:—–]*$|\bas\s+(?:we|I)\s*$|\b(?:consider(?:ed|ing)?|thought about|think(?:ing)? about|tempted to|toyed with(?: the idea of)?|debated(?: whether to)?|contemplat(?:ed|ing)|ask(?:ed|ing)? (?:about|whether to))\s*$/iu;

export const FIRST_PERSON = /\b(?:[Ww]e|I|[Oo]ur|[Uu]s|[Mm]y|[Mm]e|[Ww]e['’](?:re|ve|d|ll)|I['’](?:m|ve|d|ll))\b/u;

/** Someone else's trade or view: analysts, funds, insiders, a company buying back its own shares. */
export const THIRD_PARTY =
  /\b(?:analysts?|the street|consensus|insiders?|management|the company|hedge funds?|funds?|investors|buyers|sellers|traders|he|she|they|they['’]ve|[A-Z][a-z]+ (?:Capital|Partners|Management|Research|Securities|Asset)|Goldman|Morgan Stanley|JPMorgan|Citi|UBS|Barclays|Bernstein|Jefferies|Buffett|Berkshire|Ackman|Burry|Druckenmiller|Tepper|ARK|Wood)\b(?![^,;]*\b(?:we|I|our)\b)/u;

/** Comparisons and contrasts before a mention: "cheaper than X", "we prefer Y over X", "unlike X", "peers such as X". */
export const COMPARED =
  /\b(?:than|over|versus|vs\.?|compared (?:with|to)|relative to|unlike|instead of|rather than|peers?(?: like| such as)?|like|such as|ahead of|behind|against|outperform(?:ed|ing)?|underperform(?:ed|ing)?|beat|lagg(?:ed|ing)?)\s+(?:the\s+|its\s+|rival\s+|peer\s+)?$/iu;

/** After a mention: "X, which we don't own", "X (we have no position)". */
export const NOT_OWNED_AFTER =
  /^\s*[,(]?\s*(?:which|that|a (?:name|stock|company) (?:which |that )?)?\s*(?:we|I)\s+(?:do not|don['’]t|did not|didn['’]t|never|no longer|have never|have not|haven['’]t)\s+(?:own|owned|hold|held|bought|buy|have)\b|^\s*\((?:we|I) (?:have|hold) no position\)|^\s*\(not (?:owned|held)\)|^\s*,\s*(?:a|an|our) (?:former|past|previous|old) (?:holding|position|pick)/iu;

/** A mention that is an index or a market level, not an instrument the author trades. */
export const SUBORDINATE =
  /\b(?:because|since|after|as|when|which|that|while|given|despite|following|although|though|if|unless|where|whereas|until|due to|thanks to|amid)\b/iu;

/** Conviction phrases from strongest to weakest; none found means 0, "no stated conviction". */
const CONVICTION_CUES: [number, RegExp][] = [
  [5, /\b(?:highest[- ]conviction|top pick|best idea|single best|favou?rite idea)/iu],
  [4, /\b(?:high(?:er)?[- ]conviction|strong conviction|high-conviction)/iu],
  [3, /\b(?:full[- ]size|core position|moderate conviction)/iu],
  [2, /\b(?:starter position|modest (?:position|conviction)|half[- ]size|small starter)/iu],
  [1, /\b(?:small(?:,)? (?:speculative )?position|speculative|small position|low conviction|tracking position)/iu],
  [0, /\b(?:without a strong view|no strong view)/iu],
];

export function convictionOf(sentence: string): number {
  return CONVICTION_CUES.find(([, p]) => p.test(sentence))?.[0] ?? 0;
}

const BOILERPLATE = /^(?:As always|Positions? (?:are|changes)|We will update|This is not|Not investment advice)/iu;

/** A rationale in the same sentence ("… because X") or the next one, when that sentence is not itself a call. */
export function rationaleFrom(sentence: string, next: string | undefined, nextIsCall: boolean): string | null {
  const because = /\b(?:because|arguing(?: that)?|as) (.{12,})$/iu.exec(sentence);
  if (because && /\bbecause|arguing\b/iu.test(because[0])) return because[1]!.replace(/[.!]+$/u, '').trim() || null;
  if (!next || nextIsCall || BOILERPLATE.test(next) || next.length > 300) return null;
  if (/\$?\d/u.test(next.slice(0, 1))) return null;
  return next;
}

/** "our whole position in Zylo Robotics", "the stake in Sea Limited": a position named by its company (not a month). */
export const NAMED_POSITION =
  /\b(?:position|stake|holding|shares)\s+(?:in|of)\s+(?:the\s+)?(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Q[1-4])\b)\p{Lu}/u;

/**
 * What a verb buys when it is a thing, not a position: "a new iPhone", "a speaker for the kitchen", "my daughter a
 * watch" (an article or a possessive, and no word of a position, an amount or a figure in the next three words).
 */
export const THING_OBJECT =
  /^\s+(?:a|an|my|his|her|their|your)\s+(?!(?:\S+\s+){0,2}?(?:shares?|stake|positions?|holdings?|stock|calls?|puts?|options?|ADRs?|more|little|bit|few|tranche|lot|amount|bite|nibble|starter|\S*[\d%$])\b)/iu;
