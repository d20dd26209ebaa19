/**
 * Plain words (decision 135): the 5515 of the 10,000 most frequent words of spoken English
 * (SUBTLEX) that WordNet reads mostly as a verb, an adjective or an adverb (noun share at most
 * 0.7). Written by scripts/assistant-plain-words.ts; do not edit by hand. The index keeps those
 * the site never uses, as the reader has them (engine.ts `PLAIN_WORD_GATE`).
 */
export const plainWords = `
aah abandon abandoned abdominal abducted abide able abnormal aboard abort about above abroad
absolute absolutely absurd abuse abused academic accent accept acceptable accepted accepting
access accessory accidental accidentally accompany accomplish accomplished according account
accounted accounts accurate accuse accusing accustomed ace aces achieve achieved acid
acknowledge acquainted acquired across act acted acting action actions activate activated
active actual actually acute ad add added addict addicted adding additional address
addressed addresses adds adjourned adjust admire admired admiring admit adopt adopted
adorable adore adult adults advance advanced advances advantage advantages adventure
adventures advise advised affect affected affects affirmative afford afraid african aft
after afterwards again age aged ages aggressive ago agree agreed agrees ahead aid aim aiming
ain air airborne alarm alarmed alarms alas alcoholic alert alias alibi alien aliens alike
alive all alleged allergic allied alligator allow allowed allowing allows ally almighty
almost alone along alongside alpha already alright also alter altered alternate alternative
altogether always amateur amateurs amazed amazing amber ambition ambitious ambush american
americans amount amounts amusing anal analyze anchor ancient anger angle angles angry animal
animals announce announced annoyed annoying annual anonymous another answer answered
answering answers antibiotics antique antiques anxious any anyhow anymore anyplace anyway
anyways anywhere apart ape apes apiece apologise apologize apologized apologizing apparent
apparently appeal appealing appeals appear appeared appears applied apply applying appointed
appreciate appreciated appreciates approach approached approaches approaching appropriate
approve approved approximately arabic arc arch argue argued arise arm armed armor armored
around arrange arranged arrest arrested arresting arrests arrive arrived arrives arriving
arrogant article articles artificial artistic as asap ash ashamed ashes ashore asian aside
ask asked asks asleep assault assaulted assemble assembled assign assigned assist assistant
associate associated associates assume assumed assuming assure assured athletic atlantic
atomic attached attack attacked attacking attacks attempt attempted attempting attempts
attend attendant attended attic attract attracted attractive auction audition auditions
august authentic author authorized autograph automatic automatically automobile autopsy
available avalanche avenge average avoid avoiding await awaiting awaits awake award awards
aware away awesome awful awfully awhile awkward ax axe bachelor back backed backpack backs
backstage backward backwards bad badge badly bag bags bail bailed bait bake baked baking
balance bald balloon balloons ban band bandage bandages bands bang banged banging bank
bankrupt banned banner banquet bar barbecue barber bare barely bargain barge bark barking
barks barracks barrel base based bases bash basic basically bastard bastards bat batch bates
bats batter battle battles bay be beach beaches beacon beam beams bean beans bear beard
bears beat beaten beautiful beautifully become becomes becoming bed beds beef beep beeping
beeps before beg begin beginning begins behave behaved behaving behind behold believe
believed believes belly belong belonged belongs beloved below belt belts bench bend beneath
benefit benefits bent berries berry besides best bet beta betray betrayed bets better
betting between beware beyond bicycle bid biff big bigger bike bikes bill billion billions
bills bin bind biological bird birdie birds birth bitch bitches bite biting bitter bizarre
black blackjack blackmail blacks blame blamed blaming blank blanket blankets blanks blast
blasted bleed blend bless blessed blind blinded blink block blocked blocks blond blonde
blood bloody blossom blow blown blows blue bluff bluffing blunt board boat boats bob bogus
boil boiled boiling bold bollocks bolt bomb bombed bombs bond bonds bone bong bonnie boo
boob boobs boogie book booked books boom boost boot boots booze border borders bore bored
boring born borrow borrowed bosom boss bosses both bother bothered bothering bothers bottle
bottles bottom bottoms bounce bounced bouncing bound bow bowl box boxes brace brad brag
brain brains brake branch branches brand brave bravo breach bread break breakfast breaks
breast breasts breathe breathing breed breeding breeze bribe bridge brief briefly brigade
bright brighter brilliant bring brings british broad broadcast broads broke broken broker
bronze broom brown bruise bruises brunch brunette brush brutal brute bubble bubbles buck
bucket buckets buckle bucks bud budget buffalo buffet bug bugger bugs build builds built
bull bulldog bulletin bulls bullshit bully bum bump bumped bumps bumpy bums bunch bundle
bunk bunker burden buried burke burn burned burnt burst bury bus buses bush bushes bust
busted busting busy but butch butcher butt butter butterfly button buttons butts buy buys
buzz buzzing by bygones bypass cab cabbage cabin cable caddy cage cake cakes calendar call
called caller calls calm camp campaign camps can canadian canal canary cancel canceled
cancelled candle candles candy cane canned cannon canoe cans cap capable capital caps
capture captured card cardboard cardiac cardinal care career careers careful carefully
careless caring carol caroline carpenter carpet carries carry carrying cart cartoon cartoons
carve carved cash cashier casket cast castle casual cat catalog catch catches catching
cathedral catholic cats caucasian cause caused causes caution cautious cave caves cc cd
cease celebrate celebrated celebrating cellular cement center central centre cereal certain
certainly certificate certified chain chained chair chairman chairs chalk challenge
challenged challenging chamber champ champion champions chance chances change changed
changing channel chap charge charged charges charging charleston charm charmed charming
charms chart charter charts chase chasing chat chatter chauffeur cheap cheaper cheat cheated
cheating check checked checking checks cheek cheeks cheer cheerful cheering cheerleading
cheers cheese chemical chemicals cheque cherish cherry chevy chew chicken chickens chief
chiefs childish chill chilly chin chinese chip choice choices choir choke choked choose
chooses choosing chop chopped chops chorus christian christians chronic chubby chuck
chuckles chuckling chunk church churches chute cinch circle circles circling civil civilian
civilians civilized claim claimed claiming claims clam clamp clap classic classical
classified classy claw claws clean cleaned clear cleared clearer clearly clears clerk clever
click clicking clicks climb climbed clinical clip cloak clock close closed closely closer
closes closest closet closing cloud clouds clown clowns club clubs clue clues clumsy coach
coal coast coat coats cock cocky code codes coffin coin coins coke cold collapse collapsed
collar collateral collect collected color colored colorful colour comb combat combined come
comes comfort comfortable comforting comic comics coming command commanding commands
commence comment comments commercial commercials commission commit committed common
communicate communist communists companion compare compared compass compete competing
competitive complain complained complaining complete completed completely complex
complicated compliment compound compromise compromised con conceived concentrate concern
concerned concerning concerns concert concrete condemned condition conduct conducted cone
confess confessed confident confidential confined confirm confirmed conflict confront
confronted confuse confused confusing congratulate conn connect connected connecting conquer
conquered conscious consent conservative consider considerable considerate considered
considering consistent constant constantly consult consulting consumed contact contacted
contacts contagious contain contained contains content contest continent continental
continue continued continues continuing contract contracts contrary contribute control
controlled controlling controls convenient conventional convert convertible convict
convicted convince convinced convincing convoy cook cooked cooks cool cooper cooperate
coordinates cop cope copies copper cops copy cord cork corky corn corner corners corny
corporal corporate correct correctly corrupt cosmic cost costume costumes cotton couch cough
coughs counsel count counted counter counterfeit counts couple couples courageous course
courses court courts covenant cover covered covers covert cow cozy crab crack cracked
crackers cracking cracks cradle craft cramp crane crank cranky crap crappy crash crashed
crashing crate crawl crawled crazy cream create created creates creating creative credit
creep creepy crew crews crib cricket criminal criminals cripple crippled crisp critical
crook crooked crooks crop cross crossed crosses crow crowd crowded crowds crown crows
crucial crude cruel cruise cruising crummy crunch crusade crush crushed crushing crust cry
crying cuban cube cuckoo cue cuff cuffs cultural cunning cup cups curb cure cured curious
curly current currently curse cursed curtain curtains curve custom cut cute cuts cutting
cycle cynical d daily dam damage damaged dames damn damned damp dance danced dances dandy
dangerous dare dared daring dark darker darling darn dash date dated dawn dead deadly deaf
deal deals dear dearly debate deceased deceive deceived decent decide decided decides
deciding deck declare declared decline decorated decoy dedicated deep deeper deeply defeat
defeated defend defending defensive define definite definitely defy delay delayed deliberate
deliberately delicate delicious delight delighted delightful deliver delivered delivering
delusional demand demanded demanding demands demo democratic demonic demonstrate dent dental
deny denying departed depend depending depends deposit depressed depressing describe
described desert deserted deserve deserved deserves design designed designs desire desires
despair desperate desperately despise destined destroy destroyed destroying detail detailed
detect detected determine determined devastated devastating develop developed developing
devil devils devoted dexter diagnosed dial dice die dies diet different differently
difficult dig digest digital dignified dim dimension dine ding dip diplomatic direct
directed directing directly dirt dirty disabled disagree disappear disappeared disappears
disappoint disappointed disappointing discharge discharged discipline disco disconnected
discount discover discovered discreet discuss discussed discussing disgrace disguise disgust
disgusting dish dishes disk dislike dismiss dismissed disorder dispatch display dispose
dispute disregard disrespect distance distant distinct distinguished distract distracted
distress district disturb disturbed disturbing ditch dive divide divided divine divorce
divorced dizzy dj do dock docks doctor doctors document documentary documents dodge domestic
donate done dong doom doomed dope dose dot dots double doubled doubt doubted doubts down
download downstairs downtown dozen draft drag dragging drain dramatic drapes draw drawn
draws dreadful dream dreamed dreams dress dressed dresses dried drift drifting drill drink
drinks drip dripping drive driven drives driving drone drop dropping drops drown drowned
drowning drug drugged drugs drum drums drunk drunken dry duck ducks dudes due dull dumb
dummy dump dumped dust dusty dutch dwarf dwell dye dying dynamite each eager eagle eagles
earlier early earn earned earth ease easily east eastern easy eat eccentric echo eclipse
economic eddy edge edges educated educational effect effective efficient egg egyptian eight
eighteen eighth either elaborate elbow elder elderly elders elected electric electrical
electronic elegant elementary eleven eligible eliminate eliminated elite elsewhere embarrass
embarrassed embarrassing embrace emotional emotionally employ employed empty enchanted
encounter encountered encourage encouraged encouraging end ended endless ends endure engage
engaged engineer engineers english enjoy enjoyed enjoying enjoys enlisted enormous enough
ensure enter entered enters entertain entertaining enthusiastic entire entirely entitled
entrance environmental envy epidemic equal equally equals equipped erase erased erotic
escape escaped escaping escort especially essay essential essentially establish established
estimate estimated eternal ethical european evacuate even eventually ever every everyday
everywhere evidence evidently evil evolved ex exact exactly examine examined excellent
except exceptional excess exchange excited exciting exclusive excuse excused excuses execute
executed executive exercise exercises exhausted exhibit exist existed exists exit exits
exotic expand expect expected expecting expects expense expenses expensive experience
experienced experiences experiencing experiment experimental experiments expert experts
explain explained explaining explains explode exploded explore exploring explosive
explosives expose exposed express expressed exquisite extend extended extensive extra
extract extraordinary extreme extremely eye eyeballs eyewitness fabian fabulous face faced
faces facial factor fade faded fag faggot fail failed failing fails faint fainted fair
fairly faithful fake faked faking falcon fall fallen falling false familiar famous fan fancy
fans fantasies fantastic fantasy far fare farm farms fart farther fascinated fascinating
fashion fast fasten faster fastest fat fatal fate fatty favor favorite favorites favors
favour favourite fax fear feared fearless fears feast feather feathers feature features
federal fee feed feeds feel feels fees fell felt female females feminine fence ferry fetch
few fewer fiddle field fierce fifteen fifth fifty fight fighting fights figure figured
figures file filed files fill filled film films filter filthy fin final finally finals
finance financial financially find finds fine finger fingerprint fingerprints fingers finish
finished finishes fink fire fired firm first fish fishy fit fits fitting five fix fixed flag
flags flame flames flank flare flash flat flatter flattered flattering flavor flaw flee
fleet flesh flick flight flights fling flint flip flirt float floating flock flood flooded
floor floors flour flow flower flowers flowing flows fluffy fluid fluids flush flushed fly
flying foam focus focused fog fold folded follow followed following follows fond fool fooled
fooling foolish fools foot forbid forbidden force forced forces forcing foreign forensic
forest forever forfeit forge forged forget forgets forgive forgotten fork form formal formed
former forming forms fort forth fortunate fortunately forty forward foster foul found
founded four fourteen fourth fox foxy fracture fractured fragile frame framed frank frankly
freak freaked freaking freaks freaky free freed freely freeze freight french frequent
frequently fresh freshman fried friendly fright frighten frightened frightening frog frogs
front frost frozen fruit fruits frustrated fry fuck fucked fucking fucks fudge fuel fugitive
fulfill fulfilled full fully function functional functioning functions fund fundamental funk
funky funny furious further furthermore fuse fuss future fuzzy gag gain gained gaining
gallant gamble game gang gangs garage garden gardens garrison gas gasping gasps gate gather
gathered gay gear gee general generally generals generous genetic gentle gently genuine
german germans gesture get gets ghost ghosts gift gifted gifts gigantic giggles giggling gin
ginger give given gives giving glad gladly glamorous glamour glance glass glimpse global
glorious glory glow glowing glue go goddam goddamn goddamned going gold golden golf gone
good goods goofy goose gorgeous gossip gown grab grabs grace gracious grade graduate
graduated grain grand grant granted grasp grass grateful grave gray grease greasy great
greater greatest greatly greedy greek greeks green greet grey grieving grill grim grin grind
grip groaning groans groom groove groovy gross ground grounded group groups grow growing
growls grown grows grub grudge grunting grunts guarantee guaranteed guard guarded guarding
guards guess guessed guide guilty gum gut gutter guy guys hack hacked hail hairy half
halfway halt ham hammer hand handcuffs handed handicap handing handle handled handles
handsome handy hang hanged hangs happen happened happens happily happy harbor hard hardcore
harder hardly hardy hare harm harmless harry harsh harvest hash hasty hat hatch hate hated
hates hating hats haul haunt haunted have having hawaiian hawk hawks hay hazard head headed
headlines heads heal healed healing healthy heap hear heard hears heartless heat heave
heavenly heavily heavy hebrew hector heel heels heist held helm help helped helpful helpless
helps hence herd here hereby heroic hesitate hicks hidden hide hideous hides high higher
highly hike hilarious hill hills hint hip hips hire hired hiring historic historical hit
hitch hits hog hold holds hole holes holiday holidays holler hollow hollywood holy home
homeless homemade homer homes homey homosexual honest honestly honey honeymoon honking honor
honorable honored honors honour honoured hook hooked hoop hooper hoover hop hope hoped
hopeful hopefully hopeless hopes hoping horny horrible horse horses hose hostile hot hound
house houses however howling hug huge hulk hum human humble humiliate humiliated humiliating
hump hunch hundred hundreds hungarian hunger hungry hunt hunted hurry hurt hurts husband
husbands hush hustle hysterical i ice ideal identical identified identify idiotic idle
ignorant ignore ignored ignoring il ill illegal image images imaginary imagine imagined
imagining imbecile imitation immature immediate immediately immortal immune impact impatient
implants imply implying important importantly imported impose impossible impress impressed
impressive improve improved impulsive in inappropriate incapable inch inches incident
incidentally inclined include included includes including incoming incompetent inconvenience
increase increased increasing incredible incredibly indeed independent indian indians
indicate indicated indicates indistinct individual individuals indulge industrial inevitable
infected inferior infinite influence inform informed infrared inherit inherited initial
initials initiate initiative injured ink inner innocent input insane insecure insensitive
insert inside insist insisted insists inspire inspired inspiring install installed instance
instant instantly instead instinct instincts institute instructed instrument instruments
insult insulted insulting insults intact intellectual intelligent intend intended intense
intent intercept intercepted interest interested interesting interests interfere interfering
interior intern internal international interrupt interrupted interrupting interview
interviewed interviewing interviews intimate intimidated introduce introduced introducing
invade invaded invent invented inventory invest invested investigate investigated invincible
invisible invite invited inviting involve involved involves involving iron ironic irrational
irrelevant irresistible irresponsible isolate isolated issue issued issues italian itch item
items jab jack jacket jackets jade jail jam jammed japan japanese jar jaw jazz jealous jelly
jeopardize jerk jerks jet jets jewel jewels jewish jimmy jingle jinx job jobs jockey join
joined joint joints joke jokes joking jolly josh journey joy judge judged juicy julian jumbo
jump jumped jumps jumpy junior junk just justify juvenile keen keep keeps kept key keys kick
kicked kicks kid kidnap kids kill killed killing killings kills kin kind kinda kindly kinds
kinky kiss kissed kisses kit kitten kneel knife knight knights knock knocked knockout knocks
knot knots know knowing known knows korean kosher l label labor labour lace lack ladder laid
lam lamb lame lance land landed lands lap laps large larger last lasted lasts late lately
later latest latin laugh laughed laughing laughs launch launched lay layer lays lazy lead
leading leads leaf league leak leaking lean leaning leap learn learned learns lease leash
least leather leave leaves lecture leery left legal legally legendary legitimate lend
lesbian lesbians less lesser let lethal lets letter level levels lever leverage li liable
liberal licence license licensed lick licked lie lies lift lifted lifting light lighten
lighter lightly lights like liked likely likes likewise lime limit limited limits limp line
lined link linked lipstick liquid list listed listen listened listens lists lit literally
litter little live lived lively liver lives living load loaded loaf loan loans lobby local
locals locate located lock locked locks lodge loft log logical logs lone lonely lonesome
long longer longest look looked looking looks loop loose loosen loot lord lords lose loses
losing lost lot lots loud louder lounge lousy love loved lovely loves loving low lower
lowest loyal luckily lucky lump lunatic lunch lure lust lv lynch lyrics machine machines
macho mad made madly magic magical magnetic magnificent maiden mail main mainly maintain
major make male malfunction man manage managed managing maneuver maniac manifest manipulate
manly manual many map maps mar marble march marian marine mark marked market married marries
marry marrying marshal martial marvellous marvelous mash mashed mask masks mass massacre
massage massive master mat match matched matches matching mate material materials matt
mature maximum maybe mean meaning meaningful meaningless meantime meanwhile measure measured
measures mechanic mechanical medical medicine medieval medium meet meets mellow melt melted
melting memorize menace mental mentally mention mentioned mentioning mentor meow merchandise
merciful mere merely merit merry mess message messages messed messing messy metal meter
meters mexican microwave middle midget mighty mild military milk mill million millions mind
minds mine mingle mini minimum minister minor mint minus minute mirror mirrors miserable
misplaced miss missed misses missing mist mistake mistaken mistakes misunderstand
misunderstood mix mixed moaning mob mobile mock mocking model models modern modest mold
monitor monitors monkey monkeys monthly moon moonlight mop moral more mortal mortgage most
mostly mother mothers motivated motive motives motor motorcycle motors mount mourning mouse
mouth mouths move moved moves moving much mud muddy muffled mug multiple mum murder murdered
murdering murders muscle muscles mush mushrooms musical must mutant mutual mysterious
mystical nail nailed nails naive naked name named nap narcotics narrow nasty national native
natives natural naturally naughty nauseous naval nay nazi nazis near nearby nearest nearly
neat necessarily necessary neck necks need needed needing needle needles needs needy
negative neglected negotiate negotiating negro neighbor neighbors neighbour neighbours
neither nerve nervous nest net network neutral never nevertheless new newly next nice nicely
nick nickel nickname nine nineteen ninety ninth nip no noble nod noisy non none nonsense
normal normally norman north northeast northern northwest nose noses nosy not notch note
noted notes nothing notice noticed notices noticing notify notorious novel novels now
nowadays nowhere nuclear nude numb number numerous nurse nurses nuts nutty obey object
objective objects obliged obnoxious obscene observe observed observing obsessed obtain
obvious obviously occasion occasional occasionally occupied occur occurs odd off offend
offended offensive offer offered offers officer officers official officially officials often
oil ok okay old older olive olives olympic on once one ones online only ooh open opened
opens operate operated operating operational operative opponent opposed opposing opposite
optimistic oral orange orb orbit order ordered orderly orders ordinary organic organize
organized original originally orphan orphans other others otherwise out outer outfit outfits
outlaw outrage outrageous outside outstanding over overall overboard overcome overdue
overhead overlook overnight overreacting override overruled overseas overtime overwhelmed
overwhelming owe owes own owned owns oyster oysters pace pacific pack package packages
packed packs pad paddle pads page paged pages paid pain painful paint painted paints pair
pairs pal pale palm palms pals pan panel panic panicked paper par parachute parade paragraph
parallel paralyzed paranoid pardon parent parents park parked parole parrot part partial
participate particular particularly parties partly partner partners party partying pass
passed passes passing passionate past pat patch pathetic patient patients patrol pattern
patterns pauline pause paw pawn pay paying pays peaceful peach peaches peanut pearl pearls
peck peculiar pee peek peel peeled peep peg pen pencil pencils pending penetrate
penitentiary pension people pepper perfect perfectly perform performed perfume perhaps
permanent permanently permit permits personal personally persuade persuaded pervert pet
petition pets petty phantom phase phone phoney phony photograph photographed photographs
phrase physical physically piano pick picked pickle pickles picks picnic picture pictures
piece pieces pierce pierced pig piggy pigs pile pillow pillows pilot pilots pimp pin pinch
pinched pine ping pink pins pipe pipes pirate pirates piss pissed pit pitch pitiful pits
pity place placed places placing plague plain plan plane planes planned plans plant planted
plants plastic plates play played plays plead pleasant please pleased pleases pledge plenty
plot plug plum plus pocket pockets pod poetic point pointed pointing pointless points poison
poisoned poisonous poke pole police polish polite political politically pool poor pop pops
popular port portable pose position positions positive positively possess possessed possible
possibly post posted postpone posts potential potentially potter pound pounds pour poured
pouring powder powerful powerless practical practically practice practiced practicing
practise praise prank pray prayed praying precious precise precisely predict predictable
predicted prefer preferably preferred pregnant prejudice preliminary premature premiere
prepare prepared preparing preposterous prescription present presented presenting presents
preserve presidential press pressed pressing pressure presume pretend pretended pretty
prevent previous previously prey price priceless prices prick pride primary prime primitive
print printed prints prior private privately privilege privileged privileges prize prizes
pro probable probably probe proceed process produce produced producing professional
professionals profile profit profound program programme programmed programs progress project
projects promise promised promises promising promote promoted pronounce pronounced pronto
proof prop proper properly proportion propose proposed proposing proposition pros prosecute
prospect prostitute prostitutes protect protected protecting protective protects protest
proud proudly prove proved proven proves provide provided provides providing proving pry
psychiatric psychic psychological psychotic public publish published puff puke pull pulled
pulls pulse pump pumped pumping pumps punch punched punches punching punish punished
punishing punk pup purchase purchased pure purely purple purpose purposes purse pursue
pursuing push pushed pushes pussy put puts puzzle pyramid quack qualified qualify qualities
quality quarantine quarrel quarter quarterback queen queer quest question questioned
questioning questions quick quicker quickly quiet quietly quit quite quiz quote rabbit
rabbits race races racial racist rack racket radical radio radioactive raft rag rage raging
rags raid rail railroad rain rained raines raining rains rainy raise raised raising rake
rally ram ramp ranch random randy range rank ranks ransom rap rape raped rapid rapidly rare
rarely rash rat rate rather rational rats rattle rattling raven raving raw ray rays razor
reach reached reaches react read reads ready real realise realised realistic realize
realized really rear reason reasonable reasons rebel rebels rebound rebuild recall receipt
receive received receiving recent recently recess recite reckless reckon recognise recognize
recognized recommend recommended reconsider record recorded records recover recovered
recovering recruit recruited red reduce reduced reef reel refer referee refill reflect
reform refreshing refund refuse refused refuses refusing regard regarding regardless regards
regiment regional register registered regret regular regularly rehearse rehearsing reign
reject rejected relate related relative relatively relatives relax relaxed relaxing relay
release released releasing relevant reliable relieve relieved religious rely remain remained
remaining remark remarkable remarks remember remembered remembers remind reminded reminding
reminds remote remotely remove removed removing rendezvous rent rental rented repair
repaired repairs repay repeat repeated replace replaced reply report reported reports
represent representative represented representing represents republican request requested
requesting requests require required requires reschedule rescue rescued research resent
reserve reserved reset resident residents resign resigned resist resisting resolve resolved
resort respect respectable respected respiratory respond responded responding responsible
rest resting restless restore restored restraining restricted rests result results resume
retard retarded retire retired retreat retrieve return returned returning returns rev reveal
revealed revenge reverend reverse reversed review reviews revolutionary reward rewarded
rewrite rhyme rhymes rib ribs rice rich richer rick rid riddle ride rides ridge ridiculous
rifle rifles rig rigged right righteous rights ring riot rip ripe ripped ripping rise rises
rising risk risked risking risks risky ritual rival roam roar roaring roast rob robe rock
rocked rocket rockets rocking rocks rocky roll rolled rolling rolls roman romance romantic
roof room root rope ropes rose roses rosy rot rotten rouge rough roughly round rounds route
routine royal rub rubber rubbish ruby rude ruin ruined ruins rule ruled rules ruling rum
rumble rumor rumors rumour run runaway running runs rush rushed russian russians rusty
ruthless sabotage sack sacred sacrifice sacrificed sacrifices sad saddle sadly safe safely
said sail sailed sails saint saints saline salmon salt salute salvage same sample samples
sand sandwich sandwiches sandy sane sap sassy satellite satellites satisfactory satisfied
satisfy sauce savage savages save saved saves saving saw say says scale scalp scam scan scar
scare scared scares scarf scaring scarlet scars scary scattered scent schedule scheduled
scheme school schools scientific scoop scoot score scored scotch scottish scout scouts scram
scrambled scrap scrape scratch scratched scream screamed screaming screams screech screen
screw screwed screws script scrub sculpture scum seal sealed seals search searched searching
season seasons seat seated sec second secondary secondly seconds secret secretly secrets
secure secured seduce see seed seeds seeing seek seeks seem seemed seems sees seize seldom
select selected self selfish sell sells send sends senior sensational sense sensed sensible
sensitive sent sentence sentenced sentences sentimental separate separated sequence serial
serious seriously serve served serves service set sets settle settled settles seven
seventeen seventh several severe severed severely sew sex sexual sexually sexy shack shade
shadow shadows shaft shake shaken shakes shaky shallow shame shampoo shanghai shape shaped
share shared shares sharing shark sharks sharp shattered shave shaved shed sheer sheet
sheets shell shells shelter shelves shepherd shield shields shift shifts shin shine shines
shining shiny ship ships shirt shirts shit shitty shock shocked shocking shoe shoo shoot
shoots shop shops shore short shorter shortly shoulder shoulders shout shouts shove shoved
shovel show showed shower showers shows shred shrimp shrine shrink shuffle shut shuttle shy
sick side sides sideways sigh sighs sight sign signal signals signed significant signs
silence silent silly silver similar simple simply sin sincere sincerely sing singing single
sings sink sins sip sire sissy sit site sites sits sitting six sixteen sixth sixty size
sizes skate skates sketch sketches ski skies skin skinny skip skipper skirt skirts skunk sky
slack slam slap slate slaughter slaughtered slave slaves sled sleep sleeping sleeps sleepy
sleigh slice slick slide slides sliding slight slightly slim slime slimy slip slippery
slipping slips slit slope sloppy slow slower slowly slug slumber smack small smaller smart
smarter smash smashed smashing smell smelled smelling smells smelly smile smiled smiles
smiling smoke smoked smokes smoking smooth smoothly snack snacks snake snakes snap snappy
snaps snatch snatched sneak sneaking sneaky sneeze sniff sniffing snitch snooping snow
snowing so soak soaked soaking soap sober social socially sock socks soft softly soil solar
sold soldier soldiers sole solid solitary solo solve solved some someday somehow someplace
sometime sometimes somewhat somewhere soon sooner sophisticated sophomore sore sorrow sorry
sort sorts sought sound sounded sounding sounds soup sour source sources south southeast
southern southwest soviet spanish spank spare spared spark sparks speak speaking speaks
spear special specially specific specifically spectacular speed spell spelled spells spend
spends spent spice spicy spike spill spilled spin spinal spiritual spit spite splash
splendid split splitting spoil spoiled spoken sponge sponsor spontaneous spook spooky spoon
sport sporting sports spot spotlight spotted spray spread spring springs spy square squares
squash squat squeeze squire squirt stab stable stables stack staff stage stages stain stains
stake stale stall stamp stamps stand standard standards standby standing stands star
starboard stare staring stark starring stars start started starting starts starve starved
starving stash stashed state stated states static station stationed stay stayed staying
steady steal steals steam steel steer step stereo stern stew stick sticking sticks sticky
stiff still sting stink stinking stinks stinky stir stitch stitches stock stokes stomach
stone stoned stones stool stop stopped store stored stores storm straight straighten
straightened strain stranded strange strangely strangle strangled strap straw stray streak
stream stress stressed stretch stretched strict strictly strike strikes striking string
strip stripped stroke stroll strong stronger strongly struck structure struggle struggling
stubborn stuck stud studied studies study stuff stuffed stuffy stumbled stunned stunning
stunt stupid style sub subject subjects submarine submit subs substantial substitute
subtitles subtle succeed succeeded successful successfully such suck sucked sucks suction
sudden suddenly sue suffer suffered suffering suffers sufficient sugar suggest suggested
suggesting suggests suicidal suit suitable suited suits sully sum summer summit summon
summoned sun sunk sunny sunrise sunset super superb superficial superior superiors
supernatural superstitious supplies supply support supported supporting supportive suppose
supposed supposedly supposing supreme sure surely surf surface surgical surprise surprised
surprises surprising surprisingly surrender surround surrounded surrounding survey survive
survived surviving suspect suspected suspects suspend suspended suspicious sustained swallow
swallowed swamp swan swap swat swear sweat swedish sweep sweeping sweet sweetheart swell
swept swift swim swimming swing swinging swings swiss switch switched swollen sworn
sympathetic sync table tables tackle tactical tag tags tai tail tailor take taken takes
taking talented talk talked tall taller tally tame tan tango tank tanks tap tape taped tapes
tapped tar target targets task taste tasted tastes tasty tattoo tattoos tax taxes taxi teach
teaches team teams tear tearing tease teasing technical technically teen teenage telegraph
telephone telescope tell telling tells temper temporarily temporary tempted tempting ten
tenant tend tender tense tent tenth terminal terminate terminated terrace terrible terribly
terrific terrified terrifying test tested testify tests thai thank thanked thankful thanking
theme then there therefore thick thieves thin think thinking thinks third thirst thirsty
thirteen thirty thorough thoroughly though thoughtful thousand thousands thread threaten
threatened threatening three thrill thrilled thrilling throne through throughout throw
throwing thrown throws thrust thumb thumbs thunder thus tick ticket tickets tickle tide tidy
tie tied ties tight tighten tighter till time tin tiny tip tipped tips tire tired tires
tissue title toast tod today toe toes together token tolerate toll tomorrow tone tongue
tongues tonic tonight too tool tools toots top tops torch torment torn torture tortured
torturing toss tossed tossing total totally touch touched touches touching touchy tough
tougher tour tow towel towels tower towers toxic toy toys trace traced traces track tracked
tracks trade traditional traffic tragic trail train trained trains tramp trance transfer
transit transition translate transmit transplant transport trap trapped traps trash
traumatic travel traveled travels treasure treat treated treating treats tree trees trek
tremendous trench trespassing tricky tried trigger trim trip triple tripping trips triumph
troll troop tropical trouble troubled troubles truck trucks true truly trumpet trust trusted
trusting trusts try trying tsk tube tuck tucked tucker tug tune tunnel tunnels turf turkish
turn turned turns turtle turtles tutor twelve twenty twice twilight twin twinkle twist
twisted two type types typical typically u ugly ultimate ultimately umbrella unable
unacceptable unarmed unbelievable uncomfortable unconscious under undercover underestimate
underground underneath understand understandable understanding understands understood
underwater underway undo undoubtedly unemployed unexpected unfair unfinished unfortunate
unfortunately ungrateful unhappy unidentified uniform uniforms union unique unite united
universal unknown unlike unlikely unlimited unload unlock unlocked unlucky unnatural
unnecessary unpack unpleasant unpredictable unreasonable unstable untie unusual up update
upper upright upset upsetting upstairs uptight uptown urban urge urgent use used useful
useless uses usual usually utter utterly v vacation vacuum vague vain valet valid valuable
value vanilla vanish vanished vanquish various vast vault veil vein veins velvet vent
venture verbal verge verify verse vertical very vest vet veteran vicious videotape
vietnamese view views vile violated violent violet virgin virgins virtually visa visible
visit visited visits visual vital vocal voice voices void volunteer volunteered volunteers
vomit voodoo vote voted votes vow vows voyage vulgar vulnerable wacky wade wage wager
wailing wait waited waiting waitress waits wake wakes waking walk walked walking walks
wallpaper waltz wander wandered wandering want wanted wanting wants war warehouse warm
warming warn warned warning warp warrant warrants wars wash washed waste wasted watch
watched watches water wave waves wax weak wealthy wear wearing wears weary weather wedded
wee weed weekend weekends weekly weep weeping weigh weighed weighs weight weird welcome well
west western wet whack whacked whale whales whatever whatsoever wheel wheels wherever whip
whirring whisper whispering whispers whistle whistles white whiz whole whoop whoops whore
whores wicked wide widow wiggle wild will willing win wind winds wine wink winning wins
winter winters wipe wiped wire wired wires wise wish wished wishes witch witches withdraw
within witness witnessed witnesses witty wives wizard wolf won wonder wondered wonderful
wondering wonders woo wooden woody work worked working worldwide worm worms worn worried
worries worry worrying worse worship worst worth worthless worthwhile worthy wound wounded
wounds wow wrap wrapped wreck wrecked wrench wrestle wretched write written wrong x yacht
yank yankee yankees yea yeah yell yelled yellow yells yen yesterday yet yield yonder young
younger yummy zero zip zipper zone zoom
`;
