# Sherlock Solitaire: the words of its events, for its pages and letters.
sherlock-holmes = Sherlock Holmes
sherlock-watson = Dr. Watson
sherlock-turn-began = Turn { $turn }: { $detective } investigates.
sherlock-drew = You drew { $cards }.
sherlock-drew-hidden = { $count } cards were drawn.
sherlock-reshuffled = The deck was empty: { $cards } cards were shuffled into a new deck.
sherlock-redrew = The four cards drawn were discarded, and four more drawn.
sherlock-played-office = { $card } went into the Office, on set { $set }.
sherlock-played-scene = { $card } went into the Crime Scene.
sherlock-pair = A pair of { $card } in the Crime Scene, discarded.
sherlock-moved = { $card } moved from { $from } to { $to }.
sherlock-skipped = { $detective }'s ability for a pair of { $number }s could not be used.
sherlock-healed = A wound healed: { $wounds } left.
sherlock-wounded = A wound ({ $why }): { $wounds } of 3.
sherlock-why-threat-pair = a pair of Threat cards
sherlock-why-skipped = an ability not used
sherlock-why-left-in-hand = cards left in the hand
sherlock-why-reshuffle = the deck reshuffled
sherlock-completed = Set { $number } completed.
sherlock-discarded = Cards left in the hand were discarded: { $cards }.
sherlock-won = The case is solved!
sherlock-lost-wounded = The third wound: the case is lost.
sherlock-lost-time = The culprit got away: the case's last turn ended unsolved.
sherlock-ended = The game master ended the game before the case was decided.
sherlock-place-deck = the deck
sherlock-place-scene = the Crime Scene
sherlock-place-discard = the discard pile
sherlock-place-hand = the hand
sherlock-place-set = set { $number }

# The game, its settings and the new-game form.
sherlock-ruleset = Sherlock Solitaire
sherlock-ruleset-hint = One player, or two detectives in turn: build sets in the Office and pairs in the Crime Scene to solve the case before three wounds or the case's last turn.
new-sherlock-rules = Sherlock Solitaire
new-sherlock-hint = One player plays every detective; with two detectives, two players may take one each (the first plays first).
new-sherlock-detectives = Detectives
new-sherlock-both-holmes = Holmes, then Watson
new-sherlock-both-watson = Watson, then Holmes
new-sherlock-case = Case
new-sherlock-level = Level
new-sherlock-turn-hours = Hours for a turn (empty: no deadline)
new-sherlock-advanced = Advanced: each reshuffle of the deck gives a wound
sherlock-case-valley_of_fear = The Valley of Fear
sherlock-case-final_problem = The Final Problem
sherlock-goal-valley_of_fear-1 = four sets in the Office, one of each number, each with at least 2 Investigation cards
sherlock-goal-valley_of_fear-2 = four sets in the Office, one of each number, each with at least 3 Investigation cards
sherlock-goal-valley_of_fear-3 = four sets in the Office, one of each number, each with at least 4 Investigation cards
sherlock-goal-final_problem-1 = sets completed of three different numbers
sherlock-goal-final_problem-2 = sets completed of all four numbers
sherlock-goal-final_problem-3 = sets completed of all four numbers, one of them twice
sherlock-case-line = { $case }, level { $level }: { $goal }, within { $turns } turns. Detectives: { $detectives }.
sherlock-house-rules = House rules: advanced { $advanced ->
        [on] on (each reshuffle of an empty deck gives a wound)
       *[off] off
    }; turn_hours { $hours ->
        [none] none (a turn has no deadline)
       *[other] { $hours } (a turn ends after that many hours)
    }.
error-not-sherlock = Game { $game } is not a game of Sherlock Solitaire.
error-sherlock-not-your-turn = It is { $player }'s turn ({ $detective }): your plays wait for your own turn.
error-sherlock-no-clock = This game's turns have no deadline (house rule turn_hours is off): there is no clock to pause or extend.
error-sherlock-no-clock-turn = This game's turns have no deadline (house rule turn_hours is off): a turn ends only by its player's reply. To move the game on, give the seat to a computer player or end the game.
error-sherlock-no-such-action = Sherlock Solitaire has no such action: its game master may give a new link, replace a player or end the game, and, in a game with turn_hours, end the turn, pause or extend it.
error-sherlock-players = A game of { $detectives } detective(s) is played by one person or by one person per detective, not by { $players }.

# The table as text, in letters and on pages.
sherlock-none = none
sherlock-table-status = Turn { $turn } of { $limit } ({ $left } left, this one included) · wounds { $wounds } of 3 · deck { $deck } cards
sherlock-office = Office:
sherlock-scene-line = Crime Scene: { $cards }
sherlock-discard-line = Discard pile (top last): { $cards }
sherlock-completed-line = Sets completed: { $numbers }
sherlock-hand-line = Your hand: { $cards }
sherlock-choice-line = { $detective }'s ability for the pair of { $number }s waits for your choice.
sherlock-open-line = Plays open now: { $lines }
sherlock-your-turn = It is your turn ({ $detective }).
sherlock-whose-turn = It is { $player }'s turn ({ $detective }).
sherlock-end-line = The game ended on turn { $turn } with { $wounds } wound(s).

# Letters.
sherlock-subject-gm = [Sherlock game { $id }] { $game }: you are its game master
sherlock-mail-gm = You are the game master of "{ $game }" (game { $id }), a game of Sherlock Solitaire.
sherlock-mail-gm-link = Your page, to replace a player or end the game, and with turn_hours to end a turn or pause (keep it private): { $link }
sherlock-mail-public = The table, for anyone: { $link }
sherlock-subject-formed = [Sherlock game { $id }] { $game } has started
sherlock-mail-gm-formed = "{ $game }" (game { $id }), a game of Sherlock Solitaire, has formed and started; every player was mailed their private link. Your page is the link you were mailed when you opened it for sign-up.
sherlock-mail-gm-players = Players: { $players }
sherlock-subject-welcome = [Sherlock game { $id }] welcome to { $game }
sherlock-mail-hello = Hello { $name },
sherlock-mail-welcome = you investigate in "{ $game }" (game { $id }), a game of Sherlock Solitaire.
sherlock-mail-link = Your private page - it is your key, keep it to yourself:
    { $link }
sherlock-mail-how = To play by mail, reply with your plays, one a line, in order: "2 office", "C office on 2", "4 scene", "+3 scene" (a card an ability gave you), "then C from set 3 to discard" (an ability's choice, on the line after the play that caused it), "complete 3", "redraw". Plays are carried out in order; at the first wrong line, or a choice missing, nothing more is done and the answer says where the turn stands. When nothing more can be played, the turn ends; when a refused line left your turn open with only a set to complete, a reply with no play ends it. "status" mails the table again; "help" mails this.
sherlock-subject-turn = [Sherlock game { $id }] turn { $turn } of { $limit }: your four cards
sherlock-subject-news = [Sherlock game { $id }] turn { $turn }
sherlock-subject-over = [Sherlock game { $id }] the case is closed
sherlock-mail-happened = What happened:
sherlock-mail-record = The game's record, which "polysleuth verify" replays (the deck and the salt are in it): { $link }
sherlock-mail-reply = Reply with your plays, one a line.
sherlock-subject-refused = [Sherlock game { $id }] your reply was not carried out whole
sherlock-subject-answer = [Sherlock game { $id }] turn { $turn }: your plays
sherlock-subject-status = [Sherlock game { $id }] the table
sherlock-subject-help = [Sherlock game { $id }] how to play by mail
sherlock-mail-no-command = Your mail held no play this game reads ({ $lines } line(s) skipped). Write one play a line, such as "2 office" or "4 scene"; "help" mails how.
sherlock-mail-done = Carried out:
    { $lines }
sherlock-mail-refused = Not carried out: "{ $line }": { $why }. Nothing after it was done; the turn is open for your next reply.
sherlock-mail-refused-ended = Not carried out: "{ $line }": { $why }. Nothing after it was done, and with nothing left to play, your turn ended.
sherlock-mail-ignored = The game ended before these lines: { $lines }
sherlock-mail-turn-open = Your turn goes on: reply with the next plays.
sherlock-mail-turn-open-complete = Your turn goes on: nothing is left to play but a set to complete. Reply "complete" and the set's number to complete it, or reply with no play at all to end your turn without completing it.
sherlock-turn-ends = This turn ends at { $deadline }.
sherlock-turn-clock-stopped = The turn's clock is stopped: the game is paused, or waits for its game master to start it.

# Pages.
sherlock-card-inv = Investigation { $card }
sherlock-card-threat = Threat { $card }
sherlock-button-set = { $card } → set { $set }
sherlock-button-office = { $card } → Office
sherlock-button-scene = { $card } → Crime Scene
sherlock-button-then = { $card }: { $from } → { $to }
sherlock-button-complete = Complete set { $set }
sherlock-button-redraw = Redraw four cards
sherlock-now = Turn { $turn } of { $limit }: { $detective } investigates
sherlock-can-over = The case is closed.
sherlock-can-choose = Choose where the ability's card goes.
sherlock-can-send = Nothing more can be played: send to end the turn.
sherlock-can-play = Play your cards: two into the Office, two into the Crime Scene.
sherlock-done = Done.
sherlock-refused = Not carried out whole.
sherlock-refused-line = "{ $line }" was not carried out: { $why }
sherlock-undone = The last play lined up was taken back.
sherlock-nothing-to-undo = No play is lined up to take back.
sherlock-table-title = The table, turn { $turn } of { $limit }
sherlock-turns-left = { $left } turn(s) left, this one included
sherlock-deck-size = deck: { $cards } cards
sherlock-wounds = Wounds:
sherlock-wounds-of = { $wounds } wound(s) of 3
sherlock-office-empty = The Office is empty.
sherlock-investigations = { $count } Investigation
sherlock-scene = Crime Scene
sherlock-discard = Discard pile (top last)
sherlock-deck-left = The deck as it was left (top first)
sherlock-record = The game's record (verify it with "polysleuth verify")
sherlock-your-hand = Your hand
sherlock-no-play = no play now
sherlock-hand-empty = Your hand is empty.
sherlock-pending = Lined up, not sent
sherlock-pending-none = Nothing lined up: each button lines a play up; send them when you are ready.
sherlock-send = Send the plays lined up
sherlock-send-end = Send and end the turn
sherlock-undo = Take back the last
sherlock-send-help = A play lined up can be taken back until you send it, unless it showed a card of the deck (a redraw, Holmes's pair of 4s): that one, and those before it, are carried out at once.
sherlock-lines = Plays, one a line (carried out after those lined up)
sherlock-gm-end-turn = End the turn now

# The daily case.
what-your-address = your e-mail address
sherlock-daily-title = The daily case
sherlock-daily-variant = { $case }, level { $level }
sherlock-daily-intro = Each day (UTC) one deck is committed for each case and level. Anyone may play each once that day, on the page or by mail: give a name and your address, and open the link we mail you. When the day ends, each deck and its salt are published with the day's games, and every record can be checked with "polysleuth verify".
sherlock-daily-name = Your name
sherlock-daily-email = Your e-mail address
sherlock-daily-ask = Mail me the link
sherlock-daily-hint = One try a day for each case and level. Nothing of another player's game is shown before the day ends.
sherlock-daily-commitments = Today's cases and their commitments
sherlock-daily-count = { $count } played so far
sherlock-daily-past = Days before
sherlock-daily-running = This day has not ended: its decks, its salts and its games are shown when it does.
sherlock-daily-seed = Seed
sherlock-daily-salt = Salt
sherlock-daily-nobody = Nobody played this case.
sherlock-daily-end = End
sherlock-daily-turns = Turns
sherlock-daily-record = Record
sherlock-daily-today = Today's cases
sherlock-daily-end-won = won
sherlock-daily-end-wounded = lost: third wound
sherlock-daily-end-time = lost: out of turns
sherlock-daily-end-ended = ended with its day
sherlock-daily-end-running = not finished
sherlock-daily-not-asked = Nothing was sent:
sherlock-daily-confirm = Start your game of { $case } for { $day }? You may play it once.
sherlock-daily-start = Start my game
sherlock-daily-wait = The deck and the record of this daily case are published when its day ends, with the day's games:
sherlock-daily-subject-confirm = [Sherlock] the daily case: { $case }, { $day }
sherlock-daily-mail-confirm = Hello { $name },

    to play today's daily case ({ $case }, { $day }), open this link and start your game. You may play it once; the link works until the day ends (UTC).
        { $link }

    If you did not ask for it, ignore this mail: nothing happens without the link.
sherlock-mail-daily-record = The deck and your game's record are published when the day ({ $day }, UTC) ends, with everyone's games: { $link }
done-sherlock-daily-asked = If { $email } may play { $case } today, a link to start the game was mailed to it. One game a day for each case, at most { $most } links a day for a case and { $total } in all: open the last one.
error-sherlock-daily-name = "{ $name }" cannot be a player's name here: use 1 to 32 letters, digits, spaces, dots or hyphens.
error-sherlock-daily-variant = "{ $variant }" is not a daily case: choose a case and a level from the list.
error-sherlock-daily-link = This link is not known or was used already. Ask for a new one on the daily case's page.
error-sherlock-daily-over = This link was for { $day }'s case, and that day has ended. Today's cases are on the daily case's page.
error-sherlock-daily-played = This inbox has played today's case already, its address written another way: a day's case is played once by each.
error-sherlock-daily-started = This link has started its game already (a second click?): the game's own link is in the mail just sent to you.
error-sherlock-daily-ended = This daily case's day ({ $day }, UTC) has ended, and its deck is public now: the game takes no more plays.
error-sherlock-daily-hidden = This is a daily case's game: nothing of it is shown before its day ({ $day }, UTC) ends.
error-sherlock-daily-record = This daily case's record holds its deck: it is published when its day ({ $day }, UTC) ends.
error-sherlock-daily-no-day = There was no daily case on { $day }.
# Why a line was not carried out (the engine's own English: a test holds them equal).
sherlock-refusal-over = the game is over
sherlock-refusal-waiting = an ability waits for its choice first: { $choices }
sherlock-refusal-nothing-waiting = no choice is waiting: "then …" follows the play that makes a pair
sherlock-refusal-made-for-you = the ability had one choice only, and it was made for you: { $choice }; no "then …" line is needed
sherlock-refusal-nothing-to-choose = the ability had nothing it could move, so it was not used: there is no choice to make
sherlock-refusal-not-a-choice = that is not one of the ability's choices: { $choices }
sherlock-refusal-choice = "{ $line }"
sherlock-refusal-or = { $first } or { $next }
sherlock-refusal-not-in-hand = your hand holds no { $card }
sherlock-refusal-not-in-hand-plus = your hand holds no +{ $card } (a card an ability gave you)
sherlock-refusal-not-in-hand-plus-own = your hand holds no +{ $card } (a card an ability gave you): your { $card } is your own, write "{ $card }"
sherlock-refusal-not-in-hand-own = your hand holds no { $card } of your own: yours is the one an ability gave you, write "+{ $card }"
sherlock-refusal-two-office = two cards went into the Office this turn already
sherlock-refusal-two-scene = two cards went into the Crime Scene this turn already
sherlock-refusal-no-place = { $card } has no place in the Office: { $office }
sherlock-refusal-card-on = { $card } on { $set }
sherlock-refusal-office-empty = the Office is empty
sherlock-refusal-office-holds = the Office holds { $sets }
sherlock-refusal-office-set = set { $number }: { $cards }
sherlock-refusal-which-set = { $card } could go on more than one set: write "{ $card } office on N" with one of { $sets }
sherlock-refusal-no-redraw = "redraw" comes before the turn's first play, once a turn, with three cards alike or four of one kind
sherlock-refusal-never-completes = The Valley of Fear never completes a set
sherlock-refusal-no-full-set = no set of { $number } holds four Investigation cards
sherlock-refusal-unknown = "{ $line }" is not understood: write a play such as "2 office", "C office on 2", "4 scene", a choice such as "then C from set 3 to discard", "complete 3" or "redraw"
sherlock-refusal-no-card = "{ $word }" is no card: cards are 1, 2, 3, 4 (Investigation) and A, B, C, D (Threat)
sherlock-refusal-no-place-word = "{ $word }" is no place: write scene, discard, hand, office or set N
sherlock-refusal-letter-on-office = "{ $word } (a letter goes on a set: set N)" is no place: write scene, discard, hand, office or set N
# An ability's choice as a line of the turn language.
sherlock-line-then = then { $card } from { $from } to { $to }
sherlock-line-deck = deck
sherlock-line-scene = scene
sherlock-line-discard = discard
sherlock-line-hand = hand
sherlock-line-set = set { $number }
