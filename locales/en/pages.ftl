# Pages: the site, the game's public page, the player's page, the game master's page.

site-title = Polysleuth game master
nav-new-game = New game
nav-how-to-play = How to play
back-to-games = Back to the list of games
game = Game
game-n = game { $id }
name = Name
email = E-mail
yes = yes
no = no
done = done
none = none
none-sentence = None.
none-yet = None yet.
nobody = nobody
right = right
wrong = wrong
round = Round
guess = Guess
result = Result
status = Status
player = Player
players = Players
private-eyes = Private Eyes
sleuth-points = Sleuth Points
standings = Standings
standings-colon = Standings (Private Eyes, Sleuth Points):
guesses = Guesses
guesses-colon = Guesses:
answers = Answers
answers-colon = Answers:
bulletins = Bulletins
published-cards = Published cards
published-cards-colon = Published cards:
published-where = —
published-held-by = { $card }: held by { $owner }
published-in-safe = { $card }: in the safe
plain-text = plain text
round-n = Round { $round }
round-closes-at = Round { $round } closes at
line-n = line { $line }
n-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
your-email = Your e-mail
your-player-name = Your player name
name-hint = letters, digits, _ or -
status-open = under way
status-paused = paused
status-over = over
status-forming = forming
status-unconfirmed = waiting for its game master
deadline-over = the game is over
deadline-paused = paused by the game master
deadline-unconfirmed = not started: it begins when the game master starts the game
deadline-not-set = not set
level-novice = novice
level-detective = detective
level-master = master
player-computer = { $name } (computer player, { $level })
player-away = { $name } (away through round { $round })
setting-name = { $key ->
    [starting_eyes] Private Eyes at the start
    [income] Private Eyes earned each round
    [one_trait_markup] Added to a one-trait question's bid in the auction
    [question_payment] Who pays for a question
    [safe_size] Cards in the safe
    [hand_size] Cards in each hand
    [max_rounds] Most rounds in the game
    [idle_rounds] Rounds without a turn before a player is marked done
    [max_shared_pair] Most cards one hand holds of any two traits
    [assistant] The Information Sheet assistant
    [max_absence] Longest absence a player may declare
    [auto_standby] A standby takes the seat of a player marked done for being idle
   *[other] { $key }
}
setting-none = none
setting-never = never
setting-no-restriction = no restriction
setting-payment-winner = winner (only answered questions are paid)
setting-payment-all = all (every placed question is paid)
setting-assistant-on = on (each player's page shows what they can deduce, with probabilities)
setting-assistant-off = off (each player's sheet shows only what they were told)
setting-absence-none = none (no player may declare an absence)
setting-absence-rounds = { $rounds ->
    [one] 1 round at a time
   *[other] { $rounds } rounds at a time
}
setting-standby-on = on (the first standby takes the seat of a player marked done for being idle)
setting-standby-off = off

# The bulletin.
bulletin-page-title = { $game }, round { $round }
bulletin-heading = { $game }: bulletin of round { $round }
bulletin-text-title = POLYSLEUTH - game { $id } "{ $game }" - bulletin of round { $round }
closed-by = closed by { $who }
closed-by-line = Closed by: { $who }
closed-by-deadline = deadline
closed-by-all-ready = all ready
closed-by-game-master = game master
turns-received-from = Turns received from:
bulletin-guess = { $player }, guess { $number }:
bulletin-guess-text = { $player } guess { $number }:
bulletin-answer = { $target } has { $count } (question by { $asker }, { $weight })
bulletin-answer-markup = { $target } has { $count } (question by { $asker }, { $weight }: bid { $bid } + { $markup } for one trait)
bulletin-done-said = { $player } is done and will guess no more.
bulletin-done-idle = { $player } sent no turn for { $rounds } rounds in a row and is marked done.
bulletin-done-gm = The game master marked { $player } done.
game-is-over = The game is over.
game-is-over-caps = THE GAME IS OVER.
winners = { $count ->
    [one] Winner:
   *[other] Winners (shared):
}

# The game's public page.
game-heading = game { $id } · { $status }
atom-feed = Atom feed of the bulletins
follow-title = Follow by mail
standby-for-seat = Stand by for a seat
standby-offer = Offer to stand by
standby-hint = If a player leaves, the game master may give you their seat — hand, balances and all.
standby-title = Standing by
observe-title = Bulletins by mail
observe-confirm-message = Press the button to receive this game's public bulletins by mail.
observe-confirm-button = Send me the bulletins
unobserve-title = Stop the bulletins
unobserve-confirm-message = Press the button to stop receiving this game's bulletins by mail.
unobserve-done-title = Stopped
final-deal = The deal, as committed
final-salt = Salt:
final-commitment = Commitment:
final-deal-caps = THE DEAL, as committed at the start:
final-salt-line = salt:
final-commitment-line = commitment:
final-check = To check: save the deal text above exactly (each line ends with a newline), append the salt with nothing between, and take SHA-256:
final-check-2 = must print the commitment.
final-record-1 = The whole game — deal, seed, salt, every turn and every bulletin — is in its
final-record-link = record
final-record-2 = :
final-record-3 = checks the commitment and replays every round, and
final-record-4 = prints them.
rules-title = Game and house rules
rules-players = Players:
rules-sizes = Each hand holds { $hand } cards; the safe holds { $safe }.
rules-commitment = Deal commitment (SHA-256):
no-bulletin-yet = No round has been resolved yet.

# The player's page.
play-title = { $name } in { $game }
play-in = in
play-balance = You have { $eyes } Private Eyes and { $points } Sleuth Points.
play-you-are-done = You are done and guess no more.
play-your-hand = Your hand:
play-your-turn = Your turn for round { $round }
play-lines-to-fix = These lines need fixing:
play-turn-label = Your turn, one line each
play-how-to-write = (how to write a turn)
play-turn-help = The builder writes lines here; you may also type them:
example-guess = 1: Bob has 2 Red Diamond
example-safe = 2: 3 Blue Opal is in the safe
example-question = 1 (5): Bob has how many Reds?
play-send = Send turn
play-send-ready = Send and mark ready
play-withdraw = Withdraw my turn
play-send-done = Send with "done"
play-away-for = Away for
play-rounds = rounds
play-declare-absence = Declare an absence
play-away-hint = An empty turn is sent for you meanwhile, and no reminders; 0 ends an absence. The game sets the longest.
play-turn-in-force = Accepted turn in force (version { $revision }):
play-ready = ready
play-no-turn-yet = You have no accepted turn for this round yet.
play-your-guesses = Your guesses
play-revealed = Cards revealed to you
own-guess = { $place } has { $card }
own-reveal = Round { $round }: { $target } has { $traits }: { $cards }
prefs-title = Language and time zone
prefs-language = Language
prefs-time-zone = Time zone
prefs-save = Save
prefs-hint = Pages and mail come in this language; deadlines in this time zone (such as Europe/Paris or America/New_York).
prefs-saved = Saved: pages and mail in { $language }, deadlines in { $zone }.
prefs-bad-zone = "{ $zone }" is not a time zone: use a name such as UTC, Europe/Paris or America/New_York.
prefs-bad-language = "{ $language }" is not a language of this game master: choose English or French.
builder-add-guess = Add a guess
builder-no-card-left = There is no card left that you may guess.
builder-where = Where is it?
builder-which-card = Which card?
builder-cards-offered = Only cards you do not hold and have not guessed yet are offered.
builder-add-this-guess = Add this guess
builder-add-question = Add a question
builder-ask = Ask
builder-how-many = how many cards with
builder-one-trait = one trait (+{ $markup } in the auction)
builder-two-traits = two traits (you also see the cards)
builder-bid = Bid (Private Eyes)
builder-bids-1 = This turn bids
builder-bids-2 = of your
builder-bids-3 = Private Eyes; you may bid up to
builder-bids-4 = more.
builder-add-this-question = Add this question
builder-choose-target = choose another player to ask
builder-choose-traits = choose one trait, or two of different kinds, to ask about
builder-bad-bid = the bid "{ $bid }" is not a whole number of Private Eyes (0 or more)
builder-over-budget = you have { $eyes } Private Eyes and this turn already bids { $bids }: bid at most { $left }
builder-choose-place = choose where you think the card is
builder-choose-card = choose a card you have not guessed yet and do not hold
builder-question-line = ({ $bid }): { $target } has how many { $traits }?
builder-guess-line = { $place } has { $card }
builder-safe-line = { $card } is in the safe
builder-added = Added "{ $line }". Send your turn when it is complete.

# The Information Sheet.
sheet-title = Information Sheet
sheet-intro = What you can know, from your hand, the bulletins, your guesses and your reveals only.
sheet-key-yes = certainly there
sheet-key-no = certainly not
sheet-key-told = blank: not known (this game's assistant is off, so nothing is deduced for you)
sheet-key-chance = a number: the chance in percent that it is there, every deal that fits what you know counted alike
sheet-key-bounds = (for now an even share among the places still open)
sheet-key-sampled = (estimated from sampled deals)
sheet-key-changed = { $count ->
    [one] a ring marks the cell that changed since the last round
   *[other] a ring marks the { $count } cells that changed since the last round
}
sheet-pending = The sheet for the latest round is being worked out; reload in a moment.
sheet-place = Place
sheet-you = you
sheet-safe = safe
sheet-colour = { $colour ->
    [red] Red
    [green] Green
    [blue] Blue
   *[yellow] Yellow
}
sheet-cell-yes = certainly
sheet-cell-no = certainly not
sheet-cell-unknown = not known
sheet-estimate = estimated { $percent }% ± { $error }% (two standard errors)
sheet-changed = changed since the last round

# The front page, help, sign-up, a new game.
index-title = Games
index-intro = Sid Sackson's deduction game Sleuth, played by turns sent on the web or by e-mail. Each round every player sends, privately, guesses of where cards are and questions bid for with Private Eyes; the game master resolves the round and publishes a bulletin.
index-start = Start a new game
index-gathering = Gathering players
index-no-gathering = No game is gathering players just now.
index-ruleset = Game played
index-players = Players
index-seats-free = Seats free
index-under-way = Under way
index-none-under-way = No public game is under way.
index-finished = Finished
index-none-finished = No public game has finished yet.
index-rounds = Rounds
index-record = Record
index-stand-by = Stand by
index-stand-by-intro = Offer to take a seat that frees in any game: game masters may give you one.
help-cards = There are 36 cards: each a Gem (Diamond, Pearl, Opal), a Colour (Red, Green, Blue, Yellow) and a Number (1, 2, 3). They are dealt evenly; any left over go into the safe. You see only your own hand.
help-mark-diamond = ◆ a Diamond (one mark: a One)
help-mark-pearl = ○ a Pearl (two marks: a Two, or Pair)
help-mark-opal = ● an Opal (three marks: a Three, or Cluster)
help-a-turn = A turn
help-turn-example =
    1: Bob has 2 Red Diamond          a guess: where a card is
    2: 3 Blue Opal is in the safe     a guess on the safe
    1 (5): Carol has how many Reds?   a question, bidding 5 Private Eyes
    2 (3): Carol has how many Green Pearls?
    ready                             my turn is final
    done                              I will guess no more
help-numbering = Guesses and questions are numbered separately; a line without a number gets the next one. Each card may be guessed once in the whole game. A right guess scores as many Sleuth Points as there are players, one less for each player who found it in an earlier round; players who find a card in the same round share.
help-questions = For each player only one question is answered: the one with the highest bid, where a one-trait question counts 2 more. Ties go to the asker with fewer Private Eyes, then fewer Sleuth Points, then a coin flip. The asker pays the bid. An answered two-trait question also shows the asker which cards matched. Everyone collects 12 Private Eyes each round.
help-publishing = When nobody can score on a card any more, its owner is published. The game ends when every card is published; the most Sleuth Points wins.
help-languages = Turns may be written in English or in French, whatever language your pages are in: "1: Ben a la paire de diamants bleus", "1 (5): Cleo a combien de rouges ?", "prêt" and "fini" are read as well.
forming-waiting = waiting for its game master
forming-intro = This game gathers its players by sign-up: { $min } to { $max } players.
forming-starts = It starts when its game master starts it, or when it is full.
forming-starts-at = It starts when its game master starts it, when it is full, or on { $at } if { $min } have joined by then.
forming-deal-at-start = The deal is made, and committed, only at the start.
forming-seats = { $taken } of { $max } seats taken, { $free } free.
forming-joined = Joined: { $names }.
forming-computers = Computer players: { $names }.
forming-house-rules = House rules
forming-round-length = Round length
forming-longest-absence = Longest absence a player may declare
forming-invited = Invited, not yet answered: { $count }.
forming-start-now = Start the game now
forming-join = Join
forming-join-button = Join the game
forming-join-hint = A mail comes to confirm; your seat is yours once you reply to it or open its link. Or mail "join { $id } YOUR-NAME" to the game master's address.
signup-title = Your sign-up
signup-game = "{ $name }" (game { $id })
signup-any-game = any game
signup-expired = It has expired; sign up again.
signup-pending = It waits for your confirmation.
signup-joined = It is confirmed.
signup-seated = You have your seat.
signup-declined = You declined it.
signup-left = It was withdrawn.
signup-what-join = { $who } asked to join { $game }. { $status }
signup-what-invite = { $who } was invited to { $game }. { $status }
signup-what-standby = { $who } offered to stand by for a seat in { $game }. { $status }
signup-accept = Accept the invitation
signup-confirm = Confirm
signup-decline = Decline
signup-withdraw = Withdraw my sign-up
created-title = Game created
created-heading = Game { $id } is created
created-gm-page = Your game-master page
created-gm-page-hint = (keep it to yourself; it was also mailed to you):
created-public-page = Public page:
created-players-hint = Each player's private link is the key to their seat and their hand: it was mailed to that player alone, and nobody else sees it, you included. If one is lost or leaked, send that player a new one from your page.
new-not-created = The game was not created. Please fix:
new-the-game = The game
new-game-name = Game name
new-gm-email = Your e-mail (game master)
new-create-token = This service's creation token
new-listed = List the game publicly
new-language = Language of the game
new-language-hint = its pages, bulletins and mail; each player may choose their own
new-players = Players (3 to 7)
new-players-hint = Names: letters (accents too), digits, _ or -; "safe" is reserved. Leave unused rows empty. A game needs at least one person; to seat a computer player, write as its e-mail
new-player-name = Player { $n } name
new-player-email = Player { $n } e-mail
new-signup = Or let players sign up
new-forming = Open the game for sign-up instead of naming its players
new-forming-hint = (the rows above then hold only computer players you seat)
new-min-players = Least players
new-max-players = Most players
new-start-at = Start on its own at (optional)
new-start-at-hint = if the least number have joined by then
new-invite = Invite these addresses (optional, one per line)
new-seats = Seats
new-max-absence = Longest absence a player may declare (rounds)
new-auto-standby = Give the seat of a player marked done for being idle to the first standby
new-rounds = Rounds
new-round-hours = Round length (hours)
new-first-deadline = First deadline (optional)
new-time-zone-hint = e.g. UTC, Europe/Paris
new-reminders-hint = e.g. 24,2; empty: no reminders
new-grace = Grace after everyone is ready (minutes)
new-starting-eyes = Starting Private Eyes
new-income = Income each round
new-markup = Markup of one-trait questions
new-payment = Who pays for questions
new-payment-winner = only the asker whose question is answered
new-payment-all = every asker
new-safe-size = Safe size
new-safe-size-hint = empty: the cards left over when the 36 are dealt evenly (none with 3, 4 or 6 players, one with 5 or 7)
new-max-rounds = Maximum rounds
new-max-rounds-hint = empty: no limit
new-idle-rounds = Rounds without a turn before a player is marked done
new-idle-rounds-hint = empty: never
new-max-shared-pair = Deal restriction: most cards sharing two traits in one hand
new-max-shared-pair-hint = empty: no limit; 2: no hand holds more than two cards that share the same two traits
new-assistant = Information Sheet assistant: show each player what they can deduce, with probabilities
new-create = Create the game

# The game master's page.
gm-title = Game master
gm-of = of
gm-page-title = Game master of { $game }
gm-turns-this-round = Turns this round
gm-turn-sent = Turn sent
gm-ready = Ready
gm-next-bulletin = To be announced in the next bulletin:
gm-will-be-done = { $name } will be marked done.
gm-start-title = Start the game
gm-start-hint = Nothing has been sent to the players yet. When you start the game, each player is mailed their private link and round 1 begins.
gm-actions = Actions
gm-resolve-now = Resolve the round now
gm-extend-by = Extend the deadline by (hours)
gm-extend = Extend
gm-resume = Resume the game
gm-pause = Pause the game
gm-mark-done-label = Mark a player done
gm-mark-done = Mark done
gm-replace-label = Give a seat to someone else
gm-replace-to = to
gm-standby-option = { $name } (standby)
gm-computer-novice = a computer player, novice
gm-computer-detective = a computer player, detective
gm-computer-master = a computer player, master
gm-replace-named = named (computer players only)
gm-replace = Give the seat
gm-replace-hint = The seat — hand, balances, guesses, reveals — passes whole; the old player's link stops working at once, both are told, and the next bulletin says so.
gm-no-standby = Nobody stands by yet: people offer themselves on the game's public page.
gm-new-link-label = Mail a player a new private link (the old one stops working at once)
gm-new-link = Send a new link
gm-reminders-label = Remind players with no turn (hours before the deadline)
gm-reminders = Set reminders
gm-end-confirm = I want to end the game now
gm-end = End the game
gm-refused-mail = { $count } mail(s) claiming to be from a player of this game had a wrong or missing key: they changed nothing and got no reply.
gm-bounced-title = Bounced mail
gm-failing-title = Mail that could not be delivered
gm-failing-mail = To { $to }: "{ $subject }", { $attempts } attempts; last error:
gm-not-a-player-address = an address that is not a player's
gm-bounced-since = mail to { $who } has bounced since round { $round }: the receiving mail server refused it for good
gm-bounced = mail to { $who } has bounced: the receiving mail server refused it for good

# Error pages.
error-400 = Bad request
error-403 = Forbidden
error-404 = Not found
error-no-such-page = There is no page at this address. Check the link you followed, or start again from the front page.
error-409 = Conflict
error-422 = Please check what you sent
error-429 = Too many requests
error-500 = Something went wrong
error-503 = Unavailable for a moment
error-bad-key = that link is not valid: check that you copied the whole link from your mail
error-database = the game master cannot reach its database just now; please try again in a minute

# Answers to a player's actions.
word-ready = ready
word-done = done
play-withdrawn = Your turn for this round is withdrawn.
play-bad-rounds = "{ $rounds }" is not a number of rounds; write e.g. 2, or 0 to come back
play-accepted-ready = Turn accepted and marked ready.
play-accepted = Turn accepted. Add "ready" (or press Ready) when it is final.
play-rejected-kept = Your turn was NOT accepted; the turn you sent before stays in force. Fix the lines marked below.
play-rejected = Your turn was NOT accepted. Fix the lines marked below.
away-back = You are back: your turns are your own again.
away-none-allowed = this game allows no absences; ask its game master, or send "done" to stop playing
away-too-long = an absence of { $rounds } rounds is longer than this game allows: at most { $most }; send e.g. "away { $most }"
away-past-deadline = round { $round } has passed its deadline and closes in a moment: nothing was changed; send your absence again once the next round is open
away-until = You are away through round { $round }: an empty turn is sent for you each round, and no reminders. Send "away 0" to come back sooner.
new-ruleset = Game
new-ruleset-hint = Polysleuth: everyone plays each round at once.

# The countdown after a deadline, when scripts run: %d days, %h hours, %m minutes, %s seconds.
countdown = %h h %m min %s s
countdown-days = %dd %h h %m min %s s

created-waiting-for = The game waits for its game master: a mail with the game master's link went to { $address }. The game starts, and its players are mailed, when the game master presses "Start the game" on that page.
created-players-hint-waiting = Each player's private link is the key to their seat and hand: it will be mailed to that player alone when the game starts, and nobody else sees it, you included.
deal-given-by-operator = This deal was given by the operator (a chosen seed or deal), not drawn by the service: the commitment proves that it was not changed, not that nobody chose it.

# The frame of every player's page (web/frame.rs).
frame-rules-of = rules of { $game }
frame-until = until
frame-over = The game is over.
frame-paused = The game is paused by its game master: its clock waits.
# Polysleuth's header.
frame-round-now = Round { $round } is open.
frame-can-send = Send your turn for round { $round }: guesses, questions, or just “ready”.
frame-can-change = Your turn for round { $round } is stored (not yet ready): change it as often as you like until the deadline.
frame-can-ready = Your turn for round { $round } is stored and ready; you may still change it until the deadline.
frame-can-done = You are done: you guess no more, but you may still ask questions.
# Polysleuth: what happened to you in the last round.
happened-title = What happened to you in round { $round }
happened-guess-right = Guess { $number }: { $card } at { $place } — right.
happened-guess-wrong = Guess { $number }: { $card } at { $place } — wrong.
happened-answered = Question { $number } to { $target } ({ $what }): answered — { $target } has { $count }; you paid { $paid }.
happened-outbid = Question { $number } to { $target } ({ $what }, bid { $bid }): not answered, another question won; you paid { $paid }.
happened-nothing = You guessed nothing and asked nothing that round.
happened-eyes = You now have { $eyes } Private Eyes.
frame-can-over = Your sheet, your history, the final standings and the whole deal stay below.
gm-sure = I am sure: this cannot be undone
gm-sure-resolve = { $names } sent nothing this round: resolve anyway
play-done-sure = I will guess no more this game (questions stay open to me)
play-done-untick = Nothing was sent: tick “I will guess no more this game” to send your turn with “done”, as it cannot be undone.
game-rules-title = The rules of { $game }
rules-read-all = The whole rules of { $game }
forming-choice-any = none: give me one at the start
new-player-piece = Plays (Clue: the guest, optional)
new-player-piece-n = What player { $n } plays (Clue: the guest)
