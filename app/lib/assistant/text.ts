/**
 * How the assistant reads words, the same for the index (at build time) and for questions
 * (decisions 015 and 038): lower case, thousands separators dropped ("10,000" → "10000"),
 * phrases folded into one word ("how long" → duration, "e-mail address" → email), no stop
 * words (English, texting and South African fillers such as "howzit", "sharp", "eish", and a
 * few Afrikaans ones), a light English stemmer, and the words visitors use folded into the
 * site's concepts ("cost", "fee", "how much", "rand", "hoeveel" → price; "bakkies" stays a
 * word; "clinic", "doctor" → healthcare). A concept may stand for two terms: "cheapest" is a
 * price and the Starter package.
 */

import { site } from "~/content/site";

const STOP_WORDS = new Set(
  `a an the and or but if of for to in on at by with from as into about over than then so
  is are was were be been being am do does did doing done have has had having can could will
  would shall should may might must i me my mine we us our ours you your yours he she him her
  his they them their it its this that these those there here what which whom whose when
  where why how any some all each every no not yes please tell know want need like just also
  too very really more much many get got give let make made one ones thing things hi hello hey
  thanks thank ok okay kind sort well good great else other im ive id dont
  u ur r ya yo pls plz hw wat whats wats cn n howzit sharp eish lekker ja nee guys bru boet hola
  kan die jy julle ek ons het vir asseblief dankie en wil graag
  super quite pretty still actually maybe something anything someone anyone exactly take takes taking up work works worked working until till
  help helps helping business businesses company companies useful able run runs running
  afterwards afterward everything
  both stuff lady guy boss couple manage manages managing issue issues always basically
  going sometime sometimes met
  anyway away certainly definitely especially even generally hopefully likely mostly often
  perhaps probably rather seriously simply though currently recently literally honestly totally
  completely apparently obviously somehow somewhere anywhere everywhere whoever wherever
  meanwhile anyhow kinda sorta gonna wanna gotta lemme dunno okk lol haha thx hii yeah yep nope
  cool wow hmm eh ag jislaaik nou nog baie asb sal hoe waar wanneer wie hulle jou dit nie ook
  net maar dan think said go goes came thought mean means seem seems seemed become becomes
  trying tried wonder wondering curious heard hoping hope guess suppose reckon keen forward lots
  lot bit bits everybody lately asap urgently`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that point back at an earlier question ("how much is it?", "the Growth one"). */
export const FOLLOW_UP_WORDS = new Set([
  "it",
  "its",
  "that",
  "this",
  "these",
  "those",
  "they",
  "them",
  "their",
  "one",
  "there",
]);

/**
 * Phrases read as one word, on lower-case text (before the words are split). Each result is a
 * word of the concept table or a word the site uses.
 */
const PHRASES: [RegExp, string][] = [
  [/\be[- ]?mail(ing)? address(es)?\b/g, " email "],
  [/\be-mail/g, "email"],
  [/\bhow (long|soon|quickly|fast)\b/g, " duration "],
  [/\b(time ?frame|turn-?around|lead time|time ?line)s?\b/g, " duration "],
  [/\bhow much (time|money)\b/g, " result "],
  // "How much did it grow?" asks for a result, "how much did it cost?" for a price.
  [
    /\bhow much (did|has|have|had|was|were)\b(?![^?.]*\b(cost|pay|paid|charge|spend|spent)\b)/g,
    " result ",
  ],
  [/\b(office|opening|business|trading|working|your|ur) hours\b/g, " hour "],
  [/\bno[- ]shows?\b/g, " noshow "],
  [/\bshow (me|us)\b/g, " "],
  [/\b(goes|go|went|going) wrong\b/g, " fail "],
  [/\bwhat if\b/g, " "],
  // "Free" of a thing the site does not call free is a question for the team.
  [/\b(for free|free of charge|free trial)\b/g, " freeoffer "],
  [/\b(speak|speaks|speaking) (to|with)\b/g, " talk $2 "],
  [
    /\b(bigger|larger|higher|smaller|lower|cheaper|another|different|next) (package|plan|tier)\b/g,
    " change package ",
  ],
  [
    /\bcancel (after|before|within|at any time|anytime|the contract|my contract|our contract|the subscription|my subscription|my package|the package)\b/g,
    " contract cancel $1 ",
  ],
  [new RegExp(`\\bwho (is|are) ${site.name.toLowerCase()}\\b`, "g"), " aboutus "],
  [/\bfree(s|d|ing)? up\b/g, " relieve "],
  [/\bprice ?lists?\b/g, " pricelist "],
  [/\bhow much\b/g, " price "],
  [/\bhow many\b/g, " quantity "],
  [
    /\b(after|once) (we |it |you )?(go(es)?[- ]?live|going live|launch(ed|es)?|the launch)\b/g,
    " next afterlaunch ",
  ],
  [
    /\b(after|once|when) (i|we) (contact|call|e-?mail|message|send|submit|get in touch|reach out)\b/g,
    " next step first ",
  ],
  [/\bwhat happens (after|next|then)\b/g, " next $1 "],
  [/\bwhat happens (if|when)\b/g, " "],
  [/\b(go|goes|going|went) over\b|\bmore than\b/g, " limit "],
  [/\bshow(s|ing)? up\b|\bappear(s|ing)? (on|in)\b|\bbe found\b/g, " search "],
  [/\bfill(ing|s)? (in|out)\b/g, " capture "],
  [/\b(do|does|will|would|can|could) (you|u|it|they|the \w+) store\b/g, " $1 $2 keep "],
  [/\bstore(s|d)? (my|our|your|what|the|any|personal|data|it|them|this)\b/g, " keep $2 "],
  [/\bthis (chat|conversation|assistant|chatbot|bot)\b/g, " thisassistant demo "],
  [
    /\b(accounting|accountancy|audit|auditing|consulting|consultancy) (firm|practice|office|business|company)s?\b/g,
    " professional ",
  ],
  [/\bvoice ?(bot|chatbot|assistant|ai)s?\b/g, " voice agent "],
  [/\bcomes? with\b/g, " include "],
  [/\btest (it|the|your|this|out)\b|\btry (it|the|your|this|out)\b /g, " demo "],
  [/\bvalue[- ]added tax\b/g, " vat "],
  [/\b(on top|extra)\b/g, " exclude "],
  [/\b(mobile|phone)[- ]friendly\b|\bresponsive\b/g, " mobile "],
  [/\bgo(ing)?[- ]live\b|\bgoes live\b|\blive date\b/g, " launch "],
  [/\bbook (a |an )?(call|meeting|consultation|session|chat)\b/g, " book consultation "],
  [
    /\b(answer|answers|answering|pick up|picks up|picking up|take|takes|taking|handle|handles|handling)( the| my| our| all| every| incoming| inbound)? (phones?|calls?|telephones?)\b/g,
    " voice call ",
  ],
  [/\b(phones?|lines?) (ring|rings|ringing)( off the hook)?\b|\boff the hook\b/g, " voice call "],
  [/\b([0-5]|1[0-2]) ?(am|a\.m\.)(?!\w)|\b(9|10|11) ?(pm|p\.m\.)(?!\w)/g, " afterhours "],
  [/\bafter ([5-8]) ?(pm|p\.m\.)(?!\w)/g, " afterhours "],
  [/\bper month\b|\ba month\b|\bp\/m\b/g, " month "],
  [/\b(incl|including|inclusive|excl|excluding|exclusive)\.? (of )?vat\b/g, " vat "],
  [/\bload[- ]?shedding\b/g, " loadshedding "],
  [/\bon[- ]?prem(ise|ises)?\b|\bown servers?\b|\bself[- ]host(ed|ing)?\b/g, " onpremise "],
  [/\be[- ]?commerce\b|\bonline (store|shop)s?\b/g, " ecommerce "],
  [/\bafter[- ]hours\b|\bday and night\b|\baround the clock\b|\b24 ?\/ ?7\b/g, " afterhours "],
  [/\b(real )?estate agen(t|ts|cy|cies)\b|\breal estate\b/g, " property "],
  [/\b(law|legal) (firm|practice|office)s?\b/g, " attorneys "],
  [/\bmedical[- ]aid\b/g, " medicalaid "],
  [/\bcall ?cent(re|er)s?\b/g, " callcentre "],
  [/\bcase stud(y|ies)\b/g, " casestudy "],
  [
    /\b(copy|cut)[- ]?(and[- ])?paste\b|\bre-?typ(e|es|ed|ing)\b|\bre-?captur(e|es|ed|ing)\b/g,
    " retype ",
  ],
  [
    /\bjoining fee\b|\bsign[- ]?up fee\b|\bset[- ]?up fee\b|\bonce[- ]off\b|\bone[- ]off\b|\bupfront\b/g,
    " setup ",
  ],
  [/\bwhats ?app\b/g, " whatsapp "],
  [
    /\bwhere (are|r) (you|u|ya)( guys)?\b|\b(are|r) (you|u)( guys)? (in|near|based in|located in|anywhere near) [\p{L}-]+( [\p{L}-]+)?/gu,
    " address ",
  ],
  [/\b(do|does) (you|u) have (an |a )?offices? (in|near) [\p{L}-]+( [\p{L}-]+)?/gu, " address "],
  [/\b(postal|post|zip) ?code\b|\bpostcode\b/g, " address "],
  // Work done before: "how did you…", "have you done…" ask for a case study.
  [
    /\b(how|what) did (you|u)\b|\bhave (you|u) (built|worked)\b|\bdid (you|u) (do|build|help)\b/g,
    " casestudy ",
  ],
  [/\bsuccess stor(y|ies)\b|\btestimonials?\b|\breferences\b/g, " casestudy "],
  [
    /\b(answer|answers|reply to|respond to|check|read)( your| my| the| our)? (e-?mails?|messages?)\b/g,
    " reply email ",
  ],
  [
    /\b(is this|are you|am i (talking|chatting|speaking) (to|with))( a| an)? (real |actual |live )?(person|human|bot|robot|machine|ai|computer)\b/g,
    " thisassistant ",
  ],
  [
    /\b(sound|sounds|sounding) (like )?(a |an )?(robot|robotic|machine|human|natural|real person)\b/g,
    " natural voice ",
  ],
  [
    /\b(work|works|talk|talks|plug|plugs|hook|hooks)( in| with| to| into)?(( our| my| the| your| existing))* (systems?|software|tools?|crms?|calendars?|booking|accounting|apps?|platforms?)\b/g,
    " integrat $5 ",
  ],
  [/\bset(ting)? (it |this |that |them |everything )?up\b/g, " launch "],
  [/\bwho (are|r) (you|u)\b|\babout (you|u|your company|yourselves|ur company)\b/g, " aboutus "],
  [/\btoo (expensive|pricey|much)\b/g, " "],
  [/\bsearch[- ]engines?\b|\bgoogle (search|ranking|results?)\b|\bon google\b/g, " search "],
  [/\bgoogle analytics\b/g, " analytics cookie "],
  [/\b(phone|cell|cellphone|contact|telephone|tel) (number|no)\b|\byour number\b/g, " phone "],
  [/\binfo(rmation)? officer\b|\bdata protection officer\b|\bdpo\b/g, " informationofficer "],
  [/\b(hand[- ]?off|hand[- ]?over|take over|takes over)\b/g, " handoff "],
  [
    /\bpersonal (info|information|data|details)\b|\bmy (info|information|data|details)\b/g,
    " personal ",
  ],
  [/\b(sign|signing) (a )?(long )?contract\b|\block[- ]?in\b/g, " contract "],
  [/\bmoney[- ]back\b/g, " refund "],
  // Decision 094 (the tuning half's fourth round).
  [/\b(stop|quit|leave) (after|before|within|at any time|anytime)\b/g, " contract cancel $2 "],
  [/\bwhat (extra|more|else)( do| does| will| would)? (i|we|you) get\b|\bworth it\b/g, " include "],
  [
    /\b(the )?same questions?( over and over| all day| every day| again and again)?\b/g,
    " faq question ",
  ],
  [/\bsort (out|of)\b|\b(go|goes|going|went) out\b|\bkeep up( with)?\b/g, " "],
  [/\bplugs? (in|into)\b/g, " integrat "],
  [/\b(come|pop|stop) (in |by |over |round )?(to )?(see|visit) (you|u)\b/g, " visit "],
  [/\b24[- ]?hours? (support|help|service|assistance)\b/g, " afterhours support "],
  [/\b(park|parking|leave (my|our|the) cars?|leave (my|our|the) bakkies?)\b/g, " parking "],
  // Decision 100 (the tuning half's fifth round and the former held-out set 5).
  [/\bemail addy\b/g, " email "],
  [/\bgoogle (sheets?|docs?)\b/g, " spreadsheet "],
  [/\bsign[- ]?offs?\b/g, " approval "],
  [/\bmake (stuff|things|it|answers) up\b|\bhallucinat\w*/g, " accurate grounded "],
  [/\btak(e|es|ing) (a )?messages?\b/g, " message call voice "],
  [/\blink(s|ed)? up( with)?\b|\bhook(s|ed)? up( with)?\b/g, " integrat "],
  [/\b(ur|yr) (number|no)\b/g, " phone "],
  [/\b(hang|hold)(ing)? on( to)?\b/g, " keep "],
  [
    /\b(copy of|download) (the |my |our |all )?(data|info|information|details)\b/g,
    " copy personal ",
  ],
];

/** The words visitors use, folded into the site's (a stem or a word may stand for two). */
const CONCEPTS: Record<string, string | string[]> = {
  // Money
  price: "price",
  prices: "price",
  pricing: "price",
  priced: "price",
  cost: "price",
  costs: "price",
  costing: "price",
  fee: "price",
  fees: "price",
  charge: "price",
  rate: "price",
  rates: "price",
  expensive: "price",
  afford: "price",
  affordable: "price",
  budget: "price",
  rand: "price",
  rands: "price",
  zar: "price",
  hoeveel: "price",
  kos: "price",
  prys: "price",
  free: ["free", "price"],
  cheap: ["price", "starter"],
  cheaper: ["price", "starter"],
  cheapest: ["price", "starter"],
  entry: "starter",
  smallest: "starter",
  lowest: ["price", "starter"],
  middle: "growth",
  mid: "growth",
  medium: "growth",
  popular: "growth",
  biggest: "enterprise",
  largest: "enterprise",
  premium: "enterprise",
  corporate: "enterprise",
  monthly: "month",
  hours: "time",
  big: "enterprise",
  large: "enterprise",
  faster: "fast",
  optimise: "optimis",
  optimize: "optimis",
  optimised: "optimis",
  optimized: "optimis",
  optimising: "optimis",
  optimizing: "optimis",
  optimisation: "optimis",
  optimization: "optimis",
  advisor: "financial",
  advisors: "financial",
  adviser: "financial",
  advisers: "financial",
  months: "month",
  quotation: "quote",
  quotations: "quote",
  quotes: "quote",
  quoted: "quote",
  estimate: "quote",
  proposal: "quote",
  tax: "vat",
  include: "include",
  includes: "include",
  includ: "include",
  including: "include",
  inclusive: "include",
  feature: "include",
  features: "include",
  sent: "send",
  saved: "save",
  saves: "save",
  saving: "save",
  savings: "save",
  break: "fail",
  breaks: "fail",
  broke: "fail",
  broken: "fail",
  crash: "fail",
  crashes: "fail",
  error: "fail",
  errors: "fail",
  failure: "fail",
  // Packages
  plan: "package",
  plans: "package",
  tier: "package",
  tiers: "package",
  packages: "package",
  pack: "package",
  bundle: "package",
  subscription: "package",
  upgrade: "change",
  downgrade: "change",
  switch: "change",
  commitment: "contract",
  exceed: "limit",
  exceeding: "limit",
  chats: "conversation",
  // Services
  chatbots: "chatbot",
  bot: "chatbot",
  bots: "chatbot",
  assistant: "chatbot",
  assistants: "chatbot",
  chatbott: "chatbot",
  automate: "automat",
  automated: "automat",
  automation: "automat",
  automations: "automat",
  automating: "automat",
  automatic: "automat",
  automatically: "automat",
  workflow: "automat",
  workflows: "automat",
  integrate: "integrat",
  integrates: "integrat",
  integrated: "integrat",
  integration: "integrat",
  integrations: "integrat",
  connect: "integrat",
  connects: "integrat",
  connected: "integrat",
  connecting: "integrat",
  sync: "integrat",
  syncs: "integrat",
  synced: "integrat",
  pastel: "sage",
  excel: "spreadsheet",
  spreadsheets: "spreadsheet",
  outlook: "microsoft",
  office: "address",
  receptionist: ["voice", "call"],
  receptionists: ["voice", "call"],
  switchboard: ["voice", "call"],
  calls: "call",
  calling: "call",
  caller: "call",
  callers: "call",
  ring: "call",
  rings: "call",
  phone: ["phone", "call"],
  phones: ["phone", "call"],
  telephone: ["phone", "call"],
  cell: "phone",
  cellphone: "phone",
  landline: ["phone", "call"],
  landlines: ["phone", "call"],
  mail: "email",
  emails: "email",
  websites: "website",
  site: "website",
  sites: "website",
  web: "website",
  webpage: "website",
  homepage: "website",
  wix: "website",
  wordpress: "website",
  redo: "redesign",
  rebuild: "redesign",
  rebuilds: "redesign",
  revamp: "redesign",
  refresh: "redesign",
  seo: "search",
  google: "search",
  rank: "search",
  ranks: "search",
  ranking: "search",
  found: "search",
  accessibility: "accessible",
  wcag: "accessible",
  blind: "accessible",
  disabled: "accessible",
  disability: "accessible",
  disabilities: "accessible",
  slow: "fast",
  speed: "fast",
  quick: "fast",
  quickly: "fast",
  fastest: "fast",
  owns: "own",
  owner: "own",
  ownership: "own",
  language: "language",
  languages: "language",
  speak: "language",
  speaks: "language",
  praat: "language",
  english: ["english", "language"],
  afrikaans: ["afrikaans", "language"],
  isizulu: ["isizulu", "language"],
  isixhosa: ["isixhosa", "language"],
  zulu: ["isizulu", "language"],
  xhosa: ["isixhosa", "language"],
  sa: ["south", "africa"],
  african: "africa",
  processing: "processing",
  processed: "processing",
  increase: "grow",
  increased: "grow",
  increasing: "grow",
  boost: "grow",
  boosted: "grow",
  grew: "grow",
  grows: "grow",
  growing: "grow",
  night: "afterhour",
  nights: "afterhour",
  midnight: "afterhour",
  overnight: "afterhour",
  facebook: "social",
  instagram: "social",
  messenger: "social",
  tiktok: "social",
  linkedin: "social",
  human: "person",
  humans: "person",
  people: "person",
  somebody: "person",
  // Contact
  joburg: "johannesburg",
  jozi: "johannesburg",
  jhb: "johannesburg",
  durbs: "durban",
  located: "address",
  location: "address",
  based: "address",
  premises: "address",
  directions: "address",
  open: "hour",
  opening: "hour",
  closed: "hour",
  close: "hour",
  closing: "hour",
  weekends: "weekend",
  saturday: "weekend",
  saturdays: "weekend",
  sunday: "weekend",
  sundays: "weekend",
  reply: "reply",
  replies: "reply",
  respond: "reply",
  response: "reply",
  consult: "consultation",
  meeting: "consultation",
  // Privacy
  unsubscribe: "opt",
  optout: "opt",
  safe: "secure",
  safely: "secure",
  safety: "secure",
  security: "secure",
  securely: "secure",
  protect: "secure",
  protects: "secure",
  protected: "secure",
  popia: ["privacy", "popia"],
  gdpr: "privacy",
  info: "information",
  remove: "delete",
  erase: "delete",
  erasure: "delete",
  selling: "sell",
  sold: "sell",
  sharing: "share",
  shared: "share",
  stored: "keep",
  storing: "keep",
  kept: "keep",
  retain: "keep",
  retention: "keep",
  cookies: "cookie",
  tracking: "track",
  tracker: "track",
  trackers: "track",
  // Results
  outcome: "result",
  outcomes: "result",
  results: "result",
  impact: "result",
  roi: "result",
  achieve: "result",
  achieved: "result",
  examples: "casestudy",
  example: "casestudy",
  portfolio: "casestudy",
  reduce: "reduce",
  reduced: "reduce",
  reduces: "reduce",
  cut: "reduce",
  cuts: "reduce",
  lower: "reduce",
  fewer: "reduce",
  less: "reduce",
  halve: "reduce",
  halves: "reduce",
  drop: "reduce",
  dropped: "reduce",
  // Industries: the words people use for their own sector
  clinic: "healthcare",
  clinics: "healthcare",
  doctor: "healthcare",
  doctors: "healthcare",
  medical: "healthcare",
  hospital: "healthcare",
  hospitals: "healthcare",
  health: "healthcare",
  dentist: "healthcare",
  dental: "healthcare",
  ballpark: "price",
  link: ["link", "integrat"],
  links: ["link", "integrat"],
  pakket: "package",
  pakkette: "package",
  btw: "vat",
  ugly: "redesign",
  outdated: "redesign",
  waste: "lose",
  wastes: "lose",
  wasting: "lose",
  wasted: "lose",
  department: "team",
  departments: "team",
  dentists: "healthcare",
  pharmacy: "healthcare",
  physio: "healthcare",
  school: "education",
  schools: "education",
  university: "education",
  universities: "education",
  college: "education",
  colleges: "education",
  varsity: "education",
  learners: "education",
  shop: "retail",
  dealership: "retail",
  dealerships: "retail",
  dealer: "retail",
  dealers: "retail",
  kids: "children",
  kid: "children",
  minors: "children",
  believe: "value",
  beliefs: "value",
  shops: "retail",
  store: "retail",
  stores: "retail",
  retailer: "retail",
  retailers: "retail",
  spaza: "retail",
  supermarket: "retail",
  estate: "property",
  properties: "property",
  rental: "property",
  rentals: "property",
  landlord: "property",
  landlords: "property",
  tenant: "property",
  tenants: "property",
  attorney: ["attorney", "professional"],
  lawyer: ["attorney", "professional"],
  lawyers: ["attorney", "professional"],
  attorneys: ["attorney", "professional"],
  accountant: "professional",
  accountants: "professional",
  consultants: "professional",
  insurance: "financial",
  insurer: "financial",
  insurers: "financial",
  bank: "financial",
  banks: "financial",
  broker: "financial",
  brokers: "financial",
  brokerage: "financial",
  brokerages: "financial",
  fleet: "logistic",
  courier: "logistic",
  couriers: "logistic",
  transport: "logistic",
  trucking: "logistic",
  npo: "ngo",
  npos: "ngo",
  charity: "ngo",
  charities: "ngo",
  nonprofit: "ngo",
  hotel: "hospitality",
  hotels: "hospitality",
  restaurant: "hospitality",
  restaurants: "hospitality",
  guesthouse: "hospitality",
  tourism: "hospitality",
  factory: "manufacturer",
  factories: "manufacturer",
  manufacturing: "manufacturer",
  manufacturers: "manufacturer",
};

function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 6) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 5) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

// Own keys only: "constructor" or "__proto__" are words, not the object's inherited members.
const concept = (key: string) => (Object.hasOwn(CONCEPTS, key) ? CONCEPTS[key] : undefined);

/** The words the concept table knows (a typing slip may be corrected to one of them). */
export function conceptWords(): string[] {
  return Object.keys(CONCEPTS);
}

/** True for a word that carries no meaning of its own here. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/** One word → its index term(s), or null for a stop word. */
export function processTerm(raw: string): string | string[] | null {
  const word = raw
    .toLowerCase()
    .replace(/['’](s|re|ll|ve|d|m)$|n['’]t$/, "")
    .replace(/^[-'’]+|[-'’]+$/g, "");
  if (word.length < 2 && !/\d/.test(word)) return null;
  // "can't", "won't" read as "can", "will" (stop words), not "ca", "wo".
  if ((word === "ca" || word === "wo") && /n['’]t$/.test(raw)) return null;
  // A rand amount ("R5000", "r5k") is a price.
  if (/^r\d+k?$/.test(word)) return "price";
  const direct = concept(word);
  if (direct) return direct;
  if (STOP_WORDS.has(word)) return null;
  const stemmed = stem(word);
  return concept(stemmed) ?? stemmed;
}

const NUMBER_WORDS = [
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** A text as the tokenizer reads it: lower case, markup and separators read as words. */
export function normalizeText(text: string): string {
  let normal = text
    .normalize("NFKC")
    // Markup is read as the words inside it: "<b>Where</b>" is "Where".
    .replace(/<[^>]*>/g, " ")
    .replace(/[’‘]/g, "'")
    .toLowerCase()
    // Thousands separators: "10,000" and "10 000" are one number.
    .replace(/(\d)[, ](?=\d{3}\b)/g, "$1")
    // Numbers in words are numbers ("seven days" is "7 days"; "one" is often "the Growth one").
    .replace(/\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g, (w) =>
      String(NUMBER_WORDS.indexOf(w) + 2),
    );
  for (const [pattern, replacement] of PHRASES) normal = normal.replace(pattern, replacement);
  return normal;
}

/** Words of a text: letters, digits and inner apostrophes (hyphenated words are two words). */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
}

const asList = (t: string | string[] | null): string[] =>
  t === null ? [] : Array.isArray(t) ? t : [t];

/** The index terms of a text, unique, in order. */
export function questionTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    for (const term of asList(processTerm(token))) if (!out.includes(term)) out.push(term);
  }
  return out;
}

/** One word of a question, read. */
export interface ReadWord {
  /** As typed (lower case). */
  word: string;
  /** Its index terms (none for a stop word). */
  terms: string[];
  /** Corrected from a typing slip ("pricng" → "pricing"). */
  corrected?: string;
}

/**
 * Reads a question's words; a word the site does not know is corrected to the nearest word it
 * does (one slip in five letters or more, two in nine or more, same first letter), if any.
 */
export function readWords(
  text: string,
  known: (term: string) => boolean,
  vocabulary: ReadonlySet<string>,
): ReadWord[] {
  const out: ReadWord[] = [];
  for (const word of tokenize(text)) {
    const terms = asList(processTerm(word));
    if (terms.length === 0 || terms.some(known) || /\d/.test(word)) {
      out.push({ word, terms });
      continue;
    }
    // The stemmer drops "-ed" and "-ing" but keeps a final "e": "updated" → "updat" is the
    // site's "update", "capturing" → "captur" its "capture".
    const withE = terms.map((t) => `${t}e`);
    if (withE.some(known)) {
      out.push({ word, terms: withE });
      continue;
    }
    // …and the other way: "browse" is the site's "browsing" → "brows".
    const withoutE = terms.map((t) => (t.length > 4 && t.endsWith("e") ? t.slice(0, -1) : t));
    if (withoutE.some(known)) {
      out.push({ word, terms: withoutE });
      continue;
    }
    // An adverb the site does not use ("roughly", "separately", "yearly") says how, not what.
    if (/^[a-z]{4,}ly$/.test(word) && !word.endsWith("ply")) {
      const base = asList(processTerm(word.slice(0, -2)));
      out.push({ word, terms: base.some(known) ? base : [] });
      continue;
    }
    const fixed = nearestWord(word, vocabulary);
    const fixedTerms = fixed ? asList(processTerm(fixed)) : [];
    if (fixed && fixedTerms.some(known)) out.push({ word, terms: fixedTerms, corrected: fixed });
    else out.push({ word, terms });
  }
  return out;
}

/** The closest word of the vocabulary within the allowed slips, or null. */
export function nearestWord(word: string, vocabulary: ReadonlySet<string>): string | null {
  if (word.length < 5) return null;
  const max = word.length >= 9 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const candidate of vocabulary) {
    if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > max) continue;
    // Words that differ only in their last letter are more often two words than a slip
    // ("printer", "printed"; "loan", "load").
    if (
      candidate.slice(0, -1) === word.slice(0, -1) ||
      candidate.slice(0, -1) === word ||
      word.slice(0, -1) === candidate
    ) {
      continue;
    }
    const d = editDistance(word, candidate, max);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      if (d === 1) break;
    }
  }
  return best;
}

/** Optimal string alignment distance (a swap of two letters is one slip), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let before: number[] = [];
  let previous: number[] = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[cols - 1] as number, max + 1);
}

/** True when the question seems to lean on an earlier one ("and Growth?", "how much is it?"). */
export function refersBack(text: string): boolean {
  const lower = normalizeText(text).trim();
  if (/^(and|also|plus|what about|how about|same for|ok and|okay and|so|then)\b/.test(lower)) {
    return true;
  }
  return lower.split(/[^\p{L}\p{N}']+/u).some((t) => FOLLOW_UP_WORDS.has(t));
}
