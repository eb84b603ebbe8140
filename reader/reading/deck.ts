/**
 * The offline reader's tarot deck: all 78 cards (their identities are contracts/cards.ts) with
 * their keywords and meanings, and the schema that checks them. The meanings are our own words,
 * written plainly for a spoken reading. The data is static and deterministic: the reader and the
 * tests read the same deck.
 *
 * One thing: a table of the 78 cards' readings in deck order, built into one deck; cut in parts,
 * the parts would only be joined again here.
 */
import { z } from 'zod';
import { ARCANA, CARDS, SUITS } from '../../contracts/cards.ts';
import { CardIdSchema } from '../../contracts/reading-schema.ts';

export const Arcana = z.enum(ARCANA);
export type Arcana = z.infer<typeof Arcana>;

export const Suit = z.enum(SUITS);
export type Suit = z.infer<typeof Suit>;

const Keywords = z.array(z.string().min(1)).min(3).max(5);

export const CardReading = z.object({
  keywords: Keywords,
  meaning: z.string().min(1),
});
export type CardReading = z.infer<typeof CardReading>;

export const TarotCard = z
  .object({
    id: CardIdSchema,
    name: z.string().min(1),
    arcana: Arcana,
    suit: Suit.nullable(),
    /** Majors 0–21; minors: ace = 1 … 10, page = 11, knight = 12, queen = 13, king = 14. */
    rank: z.number().int().min(0).max(21),
    upright: CardReading,
    reversed: CardReading,
  })
  .refine((card) => (card.arcana === 'major') === (card.suit === null), {
    message: 'major arcana have no suit; minor arcana have one',
  })
  .refine((card) => card.arcana === 'major' || (card.rank >= 1 && card.rank <= 14), {
    message: 'a minor arcana rank runs from 1 (ace) to 14 (king)',
  });
export type TarotCard = z.infer<typeof TarotCard>;

/** One card's readings: upright keywords, upright meaning, reversed keywords, reversed meaning. */
export type ReadingEntry = readonly [readonly string[], string, readonly string[], string];

/** The major arcana's readings, in `MAJOR_NAMES` order (contracts/cards.ts). */
const MAJORS: readonly ReadingEntry[] = [
  [
    ['beginnings', 'trust', 'spontaneity', 'a leap of faith'],
    "A fresh start is calling, and you don't need every answer before you step forward. Bring curiosity and a light heart.",
    ['hesitation', 'recklessness', 'naivety', 'holding back'],
    "Either fear is keeping you at the edge, or you're leaping without looking. Find the middle: move, but watch your footing.",
  ],
  [
    ['skill', 'focus', 'willpower', 'resourcefulness'],
    'You already hold the tools you need. Gather your attention and turn intention into action.',
    ['scattered energy', 'trickery', 'untapped talent'],
    "Your gifts are there but unfocused, or someone is playing tricks with words. Check what's real before you act.",
  ],
  [
    ['intuition', 'inner knowing', 'mystery', 'stillness'],
    'The answer is quieter than the noise around it. Sit still and listen to what you already sense.',
    ['ignored intuition', 'secrets', 'disconnection'],
    'You may be overriding your gut, or something is being kept from view. Make room for your inner voice again.',
  ],
  [
    ['abundance', 'nurture', 'creativity', 'comfort'],
    'Growth comes from care: tend what you love, including yourself, and let it flourish.',
    ['neglect', 'smothering', 'creative block'],
    'You may be giving too much care or too little. Turn some of that tenderness back toward your own needs.',
  ],
  [
    ['structure', 'stability', 'authority', 'protection'],
    'Clear rules and steady leadership will serve you now. Build a firm frame and stand behind it.',
    ['rigidity', 'control', 'domination', 'chaos'],
    "Structure has turned into control, or is missing altogether. Loosen your grip, or set the boundaries you've avoided.",
  ],
  [
    ['tradition', 'learning', 'guidance', 'shared belief'],
    'There is wisdom in established paths and in the teachers who walked them. Learn the form before you reshape it.',
    ['rebellion', 'dogma', 'questioning convention'],
    "A rule that once helped may now confine you. It's fair to question it and find your own way.",
  ],
  [
    ['connection', 'choice', 'harmony', 'values'],
    'A meaningful bond or a decision of the heart is in focus. Choose what fits who you truly are.',
    ['imbalance', 'misalignment', 'indecision'],
    'Something feels out of step between you and another, or between your choices and your values. Be honest about the gap.',
  ],
  [
    ['determination', 'momentum', 'victory', 'self-control'],
    "Pull your opposing drives into one direction and you'll move forward with real force.",
    ['lack of direction', 'scattered drive', 'obstacles'],
    "You're being pulled several ways at once. Stop, pick one road, and the momentum will return.",
  ],
  [
    ['courage', 'patience', 'compassion', 'gentle power'],
    'Real strength here is soft: patience and kindness will tame what force cannot.',
    ['self-doubt', 'low energy', 'raw emotion'],
    'Confidence is running thin. Be gentle with yourself and rebuild from small, steady wins.',
  ],
  [
    ['solitude', 'reflection', 'inner guidance', 'seeking'],
    'Step back from the crowd for a while. Quiet time alone will show you the next step by your own light.',
    ['isolation', 'loneliness', 'withdrawal'],
    "Retreat has turned into hiding. Reach out; you don't have to find the way entirely alone.",
  ],
  [
    ['cycles', 'change', 'turning point', 'luck'],
    'Things are shifting, and not all of it is in your hands. Ride the turn and look for the opening it brings.',
    ['resisting change', 'setbacks', 'bad timing'],
    "A downturn or delay is frustrating, but wheels keep turning. Let go of what you can't steer.",
  ],
  [
    ['fairness', 'truth', 'accountability', 'balance'],
    'Clear thinking and honesty will bring a fair outcome. What you put in is what comes back.',
    ['unfairness', 'dishonesty', 'avoidance'],
    'Something is out of balance, or someone is dodging responsibility. Look at it straight, including your own part.',
  ],
  [
    ['pause', 'surrender', 'new perspective', 'waiting'],
    "Forcing won't help right now. Hang back, let things be, and you'll see the situation from a new angle.",
    ['stalling', 'resistance', 'needless sacrifice'],
    "Waiting has become being stuck. Decide whether you're pausing with purpose or just avoiding a choice.",
  ],
  [
    ['endings', 'transformation', 'release', 'renewal'],
    'Something is coming to a natural close so that something new can begin. Let it end with grace.',
    ['clinging', 'fear of change', 'stagnation'],
    "Holding on to what's already over is draining you. The change you fear may be the relief you need.",
  ],
  [
    ['balance', 'moderation', 'patience', 'blending'],
    'Mix things in the right measure and take your time. Calm, steady steps will carry you.',
    ['excess', 'imbalance', 'haste'],
    'Something is overdone or rushed. Bring things back into proportion before you go further.',
  ],
  [
    ['attachment', 'temptation', 'habit', 'shadow'],
    "Notice what has a hold on you: a habit, a fear, or a pull you can't shake. Seeing the chain is the first step to loosening it.",
    ['release', 'breaking free', 'reclaiming power'],
    "You're starting to slip out of something that held you. Keep going; freedom is closer than it looks.",
  ],
  [
    ['upheaval', 'sudden change', 'revelation', 'breakdown'],
    "Something built on shaky ground is coming down. It's jarring, but it clears space for something truer.",
    ['averted disaster', 'delayed change', 'inner upheaval'],
    'You may be bracing against a collapse that needs to happen, or shaking on the inside. Let the dust settle.',
  ],
  [
    ['hope', 'healing', 'renewal', 'inspiration'],
    'After a hard stretch, calm and hope return. Trust that healing is underway and let yourself feel lighter.',
    ['discouragement', 'lost faith', 'disconnection'],
    "Hope feels far away right now. Small acts of care can light it again; you haven't lost your way.",
  ],
  [
    ['uncertainty', 'illusion', 'dreams', 'instinct'],
    'Not everything is as it seems. Move slowly through the fog and let your instincts guide you.',
    ['clarity returning', 'released fear', 'confusion lifting'],
    'The fog is beginning to lift. Fears that loomed large are shrinking back to their true size.',
  ],
  [
    ['joy', 'success', 'warmth', 'vitality'],
    "Warmth and clarity are with you. Let yourself enjoy what's going well and share the light.",
    ['dimmed joy', 'overconfidence', 'delay'],
    'The good is still there, just clouded for now. Lower the pressure and let simple joys back in.',
  ],
  [
    ['awakening', 'reckoning', 'calling', 'renewal'],
    "It's time to take honest stock and answer a call you've been hearing. Rise into the next version of yourself.",
    ['self-doubt', 'harsh self-judgement', 'ignoring a call'],
    'You may be judging yourself too harshly or avoiding a wake-up call. Forgive, learn, and listen.',
  ],
  [
    ['completion', 'wholeness', 'achievement', 'integration'],
    "A cycle reaches its fulfilment. Celebrate how far you've come before the next journey begins.",
    ['unfinished business', 'delay', 'lack of closure'],
    "You're nearly there, but something is still open. Tie up the loose ends so you can move on freely.",
  ],
];

/** Ace (1) to king (14), in rank order, for each suit. */
const MINORS: Record<Suit, readonly ReadingEntry[]> = {
  wands: [
    [
      ['spark', 'inspiration', 'new venture', 'enthusiasm'],
      'A bright spark of energy or a new idea is here. Act on it while the fire is fresh.',
      ['delays', 'false start', 'low motivation'],
      'The spark is flickering. Ask whether the idea still excites you, or whether the timing is the problem.',
    ],
    [
      ['planning', 'vision', 'decisions', 'horizons'],
      "You've seen what's possible; now map the route. Plan boldly, then choose a direction.",
      ['fear of the unknown', 'poor planning', 'playing safe'],
      "Staying comfortable is tempting, but a plan left on the table can't grow. Take one small step out.",
    ],
    [
      ['expansion', 'foresight', 'progress', 'opportunity'],
      'Your efforts are starting to pay off and wider horizons are opening. Look ahead with confidence.',
      ['setbacks', 'slow progress', 'limited vision'],
      'Progress is slower than you hoped. Adjust your expectations and check what is in the way.',
    ],
    [
      ['celebration', 'home', 'community', 'milestone'],
      'A happy moment of arrival and togetherness. Celebrate with the people who helped you get here.',
      ['unsettled home', 'tension', 'missed celebration'],
      'Something feels off at home or in your circle. Talk it through so the ground can feel steady again.',
    ],
    [
      ['conflict', 'competition', 'friction', 'rivalry'],
      'Clashing opinions and jostling energies are in the air. Healthy competition can sharpen you if no one fights dirty.',
      ['avoiding conflict', 'resolution', 'truce'],
      'The squabbling is winding down, or being swept under the rug. Look for a real truce, not just silence.',
    ],
    [
      ['recognition', 'victory', 'confidence', 'praise'],
      'Your work is noticed and celebrated. Accept the recognition; you earned it.',
      ['lack of recognition', 'ego', 'self-doubt'],
      "Praise isn't coming, or it has become too important. Measure success by your own standards.",
    ],
    [
      ['standing your ground', 'defence', 'conviction', 'challenge'],
      "You're being tested, but you hold the higher ground. Stand firm for what you believe.",
      ['overwhelm', 'giving up', 'exhaustion'],
      'The pressure feels like too much. Choose which battles truly matter and let the rest go.',
    ],
    [
      ['speed', 'movement', 'news', 'swift action'],
      'Things are moving quickly now. Messages arrive and plans take off; keep up and ride the pace.',
      ['delays', 'frustration', 'scattered haste'],
      'Momentum has stalled or is spraying in every direction. Slow down enough to aim.',
    ],
    [
      ['resilience', 'persistence', 'boundaries', 'last stretch'],
      "You're tired but still standing, and the end is in sight. Hold on a little longer.",
      ['burnout', 'defensiveness', 'suspicion'],
      "You've been guarding yourself for so long that it's wearing you out. Let someone help carry the load.",
    ],
    [
      ['burden', 'responsibility', 'overload', 'hard work'],
      "You're carrying a lot, maybe more than your share. The goal is close, but consider what you can set down.",
      ['letting go', 'delegating', 'relief'],
      "You're starting to put down weight that was never yours. Keep sharing the load.",
    ],
    [
      ['curiosity', 'discovery', 'eager message', 'free spirit'],
      'An exciting idea or message shows up. Explore it with the eagerness of a beginner.',
      ['impatience', 'lack of direction', 'unfinished ideas'],
      'Lots of enthusiasm but little follow-through. Pick one idea and give it time.',
    ],
    [
      ['adventure', 'passion', 'boldness', 'action'],
      'Bold energy is charging ahead. Go after what excites you, and look where you are riding.',
      ['recklessness', 'impulsiveness', 'frustration'],
      'Rushing in without thought could leave a mess. Channel the fire before it burns out.',
    ],
    [
      ['confidence', 'warmth', 'determination', 'charisma'],
      'Radiate your own warmth and self-belief. You can lead simply by being fully yourself.',
      ['insecurity', 'jealousy', 'demanding'],
      'Confidence has slipped into doubt or a need to control. Come back to what you genuinely love.',
    ],
    [
      ['vision', 'leadership', 'enterprise', 'inspiration'],
      'You can see the big picture and inspire others toward it. Lead with vision and follow through.',
      ['impulsive leadership', 'high expectations', 'domineering'],
      'Big plans without patience can steamroll people. Listen as much as you lead.',
    ],
  ],
  cups: [
    [
      ['new love', 'emotional opening', 'compassion', 'joy'],
      'Your heart is opening to something new: love, friendship or a deep feeling. Let it fill you up.',
      ['blocked emotions', 'emptiness', 'holding back'],
      'Feelings are dammed up inside. Give them a safe place to flow before they spill over.',
    ],
    [
      ['partnership', 'mutual attraction', 'connection', 'unity'],
      'A balanced bond of give and take is forming. Meet the other person halfway with an open heart.',
      ['disconnection', 'imbalance', 'broken harmony'],
      'A relationship feels lopsided or out of tune. Honest, kind words can bring it back into balance.',
    ],
    [
      ['friendship', 'celebration', 'community', 'shared joy'],
      'Good company and shared happiness surround you. Gather your people and enjoy it.',
      ['overindulgence', 'gossip', 'feeling left out'],
      'Too much partying or too much drama in the group. Step back and find the friends who feel true.',
    ],
    [
      ['apathy', 'contemplation', 'missed offer', 'discontent'],
      "You're feeling flat and might be overlooking what's being offered. Look up; something good may be right there.",
      ['renewed interest', 'acceptance', 'seizing the moment'],
      "You're waking up from a slump and noticing new options. Say yes to what lifts you.",
    ],
    [
      ['loss', 'grief', 'regret', 'disappointment'],
      'Something has spilled and it hurts. Honour the sadness, and when you are ready, notice what is still standing.',
      ['acceptance', 'moving on', 'forgiveness'],
      "The hardest part of the grief is passing. You're ready to pick up what remains and move forward.",
    ],
    [
      ['nostalgia', 'memories', 'innocence', 'kindness'],
      'The past returns with sweetness: an old friend, a childhood memory, a simple kindness. Let it comfort you.',
      ['living in the past', 'rose-tinted memories', 'outgrowing'],
      'Looking back too much can keep you stuck. Carry the lessons forward, not the longing.',
    ],
    [
      ['choices', 'daydreams', 'illusion', 'options'],
      'Many tempting paths shimmer before you, but not all of them are real. Separate fantasy from what you can truly build.',
      ['clarity', 'decision', 'focus'],
      'The illusions are fading and your real priority is coming into focus. Choose it.',
    ],
    [
      ['walking away', 'seeking more', 'moving on', 'depth'],
      'Something no longer fulfils you, and it is time to leave it behind in search of deeper meaning.',
      ['fear of leaving', 'aimless drifting', 'staying too long'],
      "You know it's time to go but can't quite leave, or you're wandering without a purpose. Name what you're looking for.",
    ],
    [
      ['contentment', 'satisfaction', 'wishes', 'gratitude'],
      "A wish is within reach and there's much to be glad about. Enjoy it without guilt.",
      ['smugness', 'unmet wishes', 'dissatisfaction'],
      "What you wanted isn't as satisfying as you hoped. Ask what would truly make you content.",
    ],
    [
      ['harmony', 'family', 'lasting happiness', 'belonging'],
      'Emotional fulfilment and a sense of home. Love is shared freely among the people who matter.',
      ['strained harmony', 'family tension', 'keeping up appearances'],
      'The ideal picture has cracks. Real closeness may need honest conversations rather than perfect appearances.',
    ],
    [
      ['sensitivity', 'creative spark', 'intuitive message', 'tenderness'],
      'A gentle message or creative idea arrives from the heart. Stay open and playful with your feelings.',
      ['emotional immaturity', 'moodiness', 'blocked creativity'],
      'Feelings feel fragile or out of proportion. Give your inner child some care, then take a breath.',
    ],
    [
      ['romance', 'charm', 'following the heart', 'invitation'],
      'An invitation or a romantic gesture comes your way. Follow your heart, gracefully.',
      ['moodiness', 'unrealistic hopes', 'jealousy'],
      'Sweeping feelings may not match reality. Check whether the promise has substance behind it.',
    ],
    [
      ['compassion', 'emotional depth', 'calm', 'intuition'],
      'Lead with empathy and emotional steadiness. Your care is a gift, to others and to yourself.',
      ['overwhelm', 'codependence', 'emotional insecurity'],
      "You're absorbing everyone's feelings. Set gentle boundaries so your own heart can rest.",
    ],
    [
      ['emotional balance', 'diplomacy', 'maturity', 'generosity'],
      'Stay calm in choppy waters. Wise, balanced feelings will steady others and you.',
      ['emotional manipulation', 'volatility', 'coldness'],
      'Emotions are being bottled up or used as a lever. Be honest about what you feel.',
    ],
  ],
  swords: [
    [
      ['clarity', 'breakthrough', 'truth', 'new idea'],
      'A clear idea cuts through the confusion. Speak the truth plainly and decide.',
      ['confusion', 'miscommunication', 'clouded judgement'],
      'Thoughts are tangled and words miss their mark. Wait for clarity before you act.',
    ],
    [
      ['stalemate', 'difficult choice', 'avoidance', 'indecision'],
      "You're stuck between two options and trying not to look. Take off the blindfold and weigh them honestly.",
      ['information overload', 'deadlock breaking', 'released tension'],
      'Either the pressure is overwhelming or the deadlock is finally breaking. Gather what you need and choose.',
    ],
    [
      ['heartbreak', 'sorrow', 'painful truth', 'grief'],
      'A painful truth has hurt you. Let yourself feel it; seeing clearly is part of healing.',
      ['recovery', 'forgiveness', 'releasing pain'],
      'The sharpest hurt is easing. Keep letting go, and let forgiveness in, including for yourself.',
    ],
    [
      ['rest', 'recovery', 'contemplation', 'retreat'],
      'Pause and recover. Stillness now will make your mind sharp again.',
      ['restlessness', 'burnout', 'reawakening'],
      "You've pushed past your limits, or you're rested and ready to return. Listen to your body.",
    ],
    [
      ['conflict', 'hollow victory', 'tension', 'defeat'],
      'Winning at any cost can leave you alone. Ask whether this fight is worth what it takes.',
      ['reconciliation', 'making amends', 'moving past conflict'],
      'The dispute is ready to end. Reach out, apologise if you need to, and let it go.',
    ],
    [
      ['transition', 'moving on', 'calmer waters', 'journey'],
      "You're leaving a rough patch for a calmer place. The journey is quiet, but it's taking you somewhere better.",
      ['feeling stuck', 'unfinished business', 'resisting transition'],
      'You want to move on, but something keeps pulling you back. Deal with it, then leave.',
    ],
    [
      ['deception', 'strategy', 'secrecy', 'cunning'],
      'Someone is being less than open, and it may be you. Be clever, but stay honest.',
      ['confession', 'conscience', 'coming clean'],
      'Secrets are surfacing, or you feel the urge to come clean. Honesty will lighten the load.',
    ],
    [
      ['restriction', 'feeling trapped', 'self-limiting beliefs', 'helplessness'],
      'You feel boxed in, but the bindings are looser than they seem. One honest step can free you.',
      ['release', 'new perspective', 'self-acceptance'],
      "You're seeing a way out of the trap. Trust yourself to walk through it.",
    ],
    [
      ['anxiety', 'worry', 'sleepless nights', 'fear'],
      'Worries loom largest in the dark. Share them; spoken aloud, they often shrink.',
      ['hope', 'reaching out', 'easing despair'],
      'The worst of the anxiety is passing. Keep talking to the people you trust.',
    ],
    [
      ['ending', 'rock bottom', 'painful closure', 'exhaustion'],
      'Something has hit its lowest point and is over. From here, the only way is up.',
      ['recovery', 'regeneration', 'survival'],
      "You've survived the worst. Healing is slow, but it has begun.",
    ],
    [
      ['curiosity', 'new ideas', 'vigilance', 'eager mind'],
      'A sharp, curious mind is eager to learn. Ask questions and keep your eyes open.',
      ['gossip', 'hasty words', 'all talk'],
      'Words are racing ahead of thought. Check the facts before you speak or share.',
    ],
    [
      ['ambition', 'fast thinking', 'drive', 'directness'],
      'Ideas and conviction are charging ahead. Move fast, but aim true.',
      ['rashness', 'no plan', 'tactlessness'],
      'Speed without care can cut people. Slow down and think about the impact.',
    ],
    [
      ['clear boundaries', 'honesty', 'independence', 'perception'],
      'See clearly and speak plainly. Your honesty, softened with kindness, is a strength.',
      ['coldness', 'bitterness', 'harsh words'],
      "Old hurts may be making you sharp. Seeing clearly doesn't need a cutting tongue.",
    ],
    [
      ['intellect', 'authority', 'truth', 'fair judgement'],
      'Lead with reason and fairness. A clear, principled decision is needed.',
      ['misused power', 'manipulation', 'rigid thinking'],
      'Logic is being used to control or to dodge feelings. Be fair, not just right.',
    ],
  ],
  pentacles: [
    [
      ['opportunity', 'prosperity', 'new venture', 'grounding'],
      'A solid, practical opportunity appears in work, money or health. Plant the seed and tend it.',
      ['missed chance', 'poor planning', 'instability'],
      'A promising offer may slip by or rest on shaky ground. Check the foundations first.',
    ],
    [
      ['balance', 'juggling', 'adaptability', 'priorities'],
      "You're keeping several things in motion. Stay flexible and you'll keep the rhythm.",
      ['overwhelm', 'disorganisation', 'overcommitment'],
      "Too many balls are in the air. Drop what isn't essential before everything falls.",
    ],
    [
      ['teamwork', 'craft', 'collaboration', 'learning'],
      'Good work comes from working together and valuing each skill. Build it side by side.',
      ['poor teamwork', 'misalignment', 'sloppy work'],
      "The team isn't pulling in the same direction. Clarify roles and standards.",
    ],
    [
      ['security', 'saving', 'control', 'holding on'],
      "You're guarding what you've built. Security matters, but don't grip so tightly that nothing can move.",
      ['generosity', 'letting go', 'overspending'],
      "You're loosening your grip, maybe too far. Find a healthy middle between saving and sharing.",
    ],
    [
      ['hardship', 'worry', 'exclusion', 'scarcity'],
      'Times feel lean and lonely. Help is nearer than it seems; let yourself ask for it.',
      ['recovery', 'help arriving', 'improvement'],
      "The hard times are easing. Accept the support that's showing up.",
    ],
    [
      ['generosity', 'giving and receiving', 'charity', 'fairness'],
      "Resources flow both ways. Give freely where you can, and receive graciously when it's your turn.",
      ['strings attached', 'imbalance', 'debt'],
      'Giving has become uneven or comes with conditions. Look at the balance of power.',
    ],
    [
      ['patience', 'long-term view', 'assessment', 'investment'],
      'Your efforts are growing, slowly. Pause, take stock, and trust that the harvest will come.',
      ['impatience', 'poor returns', 'wasted effort'],
      'Results are slow and frustration is building. Decide whether to keep tending or to replant elsewhere.',
    ],
    [
      ['diligence', 'skill', 'practice', 'mastery'],
      'Steady, careful practice is paying off. Focus on your craft one detail at a time.',
      ['perfectionism', 'lack of focus', 'dull routine'],
      'Work has become either endless polishing or mindless routine. Reconnect with why you care.',
    ],
    [
      ['independence', 'self-sufficiency', 'comfort', 'reward'],
      "You've built a comfortable life with your own hands. Enjoy the fruits of your discipline.",
      ['overwork', 'financial setbacks', 'hollow luxury'],
      'Independence may be tipping into isolation or overwork. Remember what the reward was for.',
    ],
    [
      ['legacy', 'wealth', 'family', 'stability'],
      'Long-term security and a sense of legacy. What you build now can support the people you love for years.',
      ['family disputes', 'financial loss', 'instability'],
      'Money or inheritance is stirring up tension. Put relationships ahead of holdings.',
    ],
    [
      ['study', 'ambition', 'new skill', 'diligence'],
      'A new practical goal or course of study beckons. Start small and stay committed.',
      ['procrastination', 'lack of progress', 'daydreaming'],
      "Good intentions aren't turning into action. Set one concrete next step.",
    ],
    [
      ['reliability', 'routine', 'patience', 'hard work'],
      'Slow and steady wins this one. Keep showing up, one dependable step at a time.',
      ['stagnation', 'boredom', 'stubbornness'],
      'Routine has turned into a rut. Shake things up a little without losing your steadiness.',
    ],
    [
      ['nurturing', 'practicality', 'security', 'resourcefulness'],
      'Warm, practical care makes a home and a life feel safe. Look after your body, your home and your budget.',
      ['self-neglect', 'smothering', 'work-life imbalance'],
      "You're caring for everything but yourself. Put your own well-being back on the list.",
    ],
    [
      ['abundance', 'security', 'discipline', 'providing'],
      "You've built something stable and can share its rewards. Lead with generosity and good sense.",
      ['greed', 'materialism', 'stubbornness'],
      'Holding on to status or wealth too tightly costs more than it is worth. Remember what truly matters.',
    ],
  ],
};

function reading(keywords: readonly string[], meaning: string): CardReading {
  return { keywords: [...keywords], meaning };
}

/** Each card's identity (contracts/cards.ts) with its readings, in deck order. */
function buildDeck(): TarotCard[] {
  const entries: readonly ReadingEntry[] = [...MAJORS, ...SUITS.flatMap((suit) => MINORS[suit])];
  return CARDS.map((card, index) => {
    const entry = entries[index];
    if (!entry) throw new Error(`no reading for ${card.id}`);
    const [up, upMeaning, down, downMeaning] = entry;
    return { ...card, upright: reading(up, upMeaning), reversed: reading(down, downMeaning) };
  });
}

/** All 78 cards: the 22 major arcana in order, then wands, cups, swords and pentacles, ace to king. */
export const DECK: readonly TarotCard[] = Object.freeze(buildDeck());

const BY_ID: ReadonlyMap<string, TarotCard> = new Map(DECK.map((card) => [card.id, card]));

/** The card with this id, with its readings, or undefined when no card has it. */
export function getCard(id: string): TarotCard | undefined {
  return BY_ID.get(id);
}
