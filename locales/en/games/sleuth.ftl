# Classic Sleuth: the log's sentences, the pages' and the mails' words.

classic-free-choice = Free Choice
classic-free-choice-of = Free Choice { $element }
classic-turn-began = Turn { $turn }: { $player }'s turn.
classic-asked-one = { $asker } asked { $target } how many { $what } (Search card { $card }): { $count }.
classic-asked-two = { $asker } asked { $target } for { $what } (Search card { $card }): { $count ->
    [0] no card
    [one] 1 card passed
   *[other] { $count } cards passed
}.
classic-asked-final-one = { $asker }'s final question: { $target }, how many { $what }? { $count }.
classic-asked-final-two = { $asker }'s final question: { $target }'s { $what }: { $count ->
    [0] no card
    [one] 1 card passed
   *[other] { $count } cards passed
}.
classic-exchanged = { $player } exchanged their Search cards ({ $cards }).
classic-drew = { $player } drew { $cards }.
classic-reshuffled = The discard pile ({ $count } cards) was shuffled into a new draw deck.
classic-passed = { $player }'s turn passed.
classic-passed-gm = The game master ended { $player }'s turn.
classic-skipped = { $player } let { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} in a row pass and is skipped until they send a command.
classic-returned = { $player } is back and takes turns again.
classic-accused-right = { $player } accused and was right: { $player } wins!
classic-accused-wrong = { $player } accused and was wrong: { $player } is out, but still answers questions.
classic-accused-timeout = { $player } asked a final question and did not accuse before the deadline: { $player } is out.
classic-marked-out = The game master marked { $player } out; they still answer questions.
classic-replaced = { $player } took { $before }'s seat.
classic-ended = The game is over. Winners, in order: { $winners }.
classic-ended-none = The game is over with no winner.

classic-ruleset = Classic Sleuth
classic-your-turn-first = You play first: it is your turn until { $deadline }. Send one command (below).
classic-whose-turn = { $player }'s turn, until { $deadline }.
classic-whose-turn-paused = { $player }'s turn; the clock is paused.
classic-final-asked = { $player } asked a final question and must now accuse, before { $deadline }.
classic-nobody = Nobody can take a turn: every player left is skipped for idleness.
classic-over = The game is over.
classic-winners = Winners, in order: { $winners }
classic-missing = The missing gem: { $cards }
classic-canonical = The committed text (check: printf '%s' "$SALT" | cat text - | sha256sum):
classic-salt = Salt: { $salt }
classic-players = Players and their Search cards
classic-standing-playing = playing
classic-standing-out = out
classic-standing-won = won
classic-standing-skipped = skipped
classic-table = Table cards (public)
classic-table-none = No card is on the table.
classic-discard = Discard pile
classic-discard-none = empty
classic-deck = Draw deck: { $count } cards
classic-log = The log
classic-your-hand = Your hand
classic-shown = Shown to you
classic-shown-line = Turn { $turn }: { $target }'s { $what }: { $cards }
classic-shown-none = none
classic-your-cards = Your Search cards
classic-allows = allows
classic-act = Your turn
classic-act-help = Write your command, or choose a question your Search cards allow.
classic-accuse = Accuse (at any time)
classic-accuse-help = Name the missing gem. Right, you win; wrong, you are out.
classic-send = Send
classic-done = Done: your command was carried out.
classic-digest = Daily digest
classic-digest-help = Get each turn's public result in one mail a day instead of one mail a turn.
classic-digest-on = Digest on
classic-digest-off = Digest off
classic-sheet = Information Sheet
classic-sheet-missing = Chance of being the missing gem
classic-gm-skip = End the turn now
classic-gm-out = Mark out
classic-subject-welcome = [Sleuth game { $id }] welcome to { $game }, { $name }
classic-subject-gm = [Sleuth game { $id }] you are the game master of { $game }
classic-subject-turn = [Sleuth game { $id }, turn { $turn }] your turn
classic-subject-news = [Sleuth game { $id }, turn { $turn }] what happened
classic-subject-end = [Sleuth game { $id }] the game is over
classic-subject-digest = [Sleuth game { $id }] your daily digest
classic-subject-refused = [Sleuth game { $id }] your command was NOT accepted
classic-subject-reminder = [Sleuth game { $id }, turn { $turn }] reminder: your turn ends soon
classic-subject-status = [Sleuth game { $id }] status of { $name }
classic-subject-skipped = [Sleuth game { $id }] { $name } is skipped for idleness
classic-subject-all-skipped = [Sleuth game { $id }] every player who could take a turn is skipped
classic-subject-digest-set = [Sleuth game { $id }] digest { $on ->
    [yes] on
   *[no] off
}
classic-allows-one = how many { $what }
classic-allows-two = { $what } (the cards are shown to you alone)
classic-allows-two-count = { $what } (the count only: supersleuth)
classic-allows-free = any one element, or two of different kinds
classic-allows-free-of = { $what }, alone or with one element of another kind
classic-mail-your-turn = It is your turn (turn { $turn }) until { $deadline }. Send one command: a question your Search cards allow, exchange, or a final question; an accusation may come with it.
classic-mail-must-accuse = You asked a final question: now send "accuse …" before { $deadline }, or you are out.
classic-mail-happened = What happened since the last mail:
classic-mail-digest = Every turn's public result since your last digest:
classic-mail-end = The game is over. The missing gem(s): { $missing }. Salt: { $salt }. The whole deal:
classic-mail-end-hand = { $player } held: { $cards }
classic-mail-end-table = On the table: { $cards }
classic-mail-refused = Your command was NOT accepted; nothing changed. Every problem:
classic-mail-reminder = Your turn (turn { $turn }) ends at { $deadline }. Without a command by then it passes.
classic-mail-skipped = { $player } let { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} in a row pass and is now skipped until they send a command. You may give the seat to a standby or a computer player on your page.
classic-mail-all-skipped = Every player who could take a turn is skipped now: their turns go on in seat order, each until its deadline, so the game never stalls. You may replace any of them from your page.
classic-mail-gm = You are the game master of "{ $game }" (game { $id }), a game of classic Sleuth. Your page - keep it to yourself, it is your key: { $link }
classic-subject-formed = [Sleuth game { $id }] { $game } has started
classic-mail-gm-formed = "{ $game }" (game { $id }), a game of classic Sleuth, has formed and started; every player was mailed their private link. Your page is the link you were mailed when you opened it for sign-up.
classic-formed-started = The game has started with { $count } players: each was mailed their private link, and the first turn has begun.
classic-mail-gm-players = Players: { $players }
classic-mail-digest-on = From now on each turn's public result comes in one mail a day. Your turn, the cards shown to you and the end still come at once.
classic-mail-digest-off = From now on each turn's public result comes at once.
classic-mail-status = Whose turn: { $turn }
classic-mail-hand = Your hand: { $cards }
classic-mail-help = Commands: ask NAME how many Pairs; ask NAME for Blue Opals [using CARD]; exchange; final ask NAME for Blue Opals; accuse 2 Blue Opal; back; status; digest on; digest off; help.
classic-gm-name = game master
classic-turn = Turn { $turn }
classic-commitment = Commitment (SHA-256):
classic-ask-whom = Ask
classic-ask-what = about
classic-ask-add = Ask this
classic-ask-second-help = House rule two_questions: you may ask a second player too, a question of the other kind (one element and two elements), each with its own Search card.
classic-ask-whom-second = Then ask
classic-ask-no-second = no second question
classic-final = Final question
classic-final-help = Any question, with no Search card; then you must accuse before your turn's deadline, or you are out.
classic-final-send = Ask my final question
classic-accuse-which-nth = Missing gem { $n }
classic-sheet-off = The Information Sheet assistant is off in this game (house rule assistant).
classic-command = Command
classic-accuse-which = The missing gem
classic-accuse-send = Accuse
classic-gm-title = Game master of { $game }
classic-gm-turn-hours = Hours
classic-gm-extend = Extend the turn
classic-gm-pause = Pause
classic-gm-resume = Resume
classic-gm-end = End the game now
classic-gm-seat = Seat
classic-gm-replace = Give the seat to
classic-gm-replace-help = standby:NUMBER or computer:detective, with a name for a computer player
classic-gm-new-link = Mail a new link
classic-sheet-none = The sheet has nothing to show yet.
classic-sheet-elsewhere = Elsewhere
classic-sheet-method = Worked out: { $method }
classic-line = line { $line }: "{ $text }" { $problem }
classic-examples = write for example "ask Ben how many Pairs", "ask Ben for Blue Opals", "exchange", "final ask Ben for Blue Opals" or "accuse 2 Blue Opal"
classic-problem-nothing = the message holds no command; { $examples }
classic-problem-not-understood = is not understood; { $examples }
classic-problem-ask-what = does not say what to ask: write "ask Ben how many Pairs" or "ask Ben for Blue Opals"
classic-problem-accuse-colon = puts a colon after "accuse", as a question to a player would: write "accuse 2 Blue Opal"
classic-problem-accuse-what = names no card: write "accuse 2 Blue Opal"
classic-problem-unknown-word = has "{ $word }", which is not a gem, a type or a colour (Diamond, Pearl, Opal; Solitaire, Pair, Cluster; Red, Green, Blue, Yellow)
classic-problem-same-kind = joins two { $kind } ({ $trait } and another): a two-element question takes elements of two kinds, as "Blue Opals" or "Red Pairs"
classic-problem-too-many = asks about more than two elements: a question takes one element ("Pairs") or two of different kinds ("Blue Opals")
classic-problem-bad-card = does not name a card: { $why }; write a card as "2 Blue Opal"
classic-problem-unknown-search-card = names "{ $card }", which is not a Search card; name one as "Pairs", "Blue Opals", "Free Choice" or "Free Choice Blue"
classic-problem-not-a-player = asks "{ $name }", who is not a player of this game
classic-problem-asked-self = asks yourself: ask another player
classic-problem-not-your-turn = is not for now: it is { $player }'s turn, and only an accusation may be sent at any time
classic-problem-nobodys-turn = is not for now: it is nobody's turn, and only an accusation may be sent at any time
classic-problem-no-card-allows = needs a Search card that allows { $question }, and you hold { $held }; ask what those allow, or "exchange"
classic-problem-card-not-held = names { $card }, which you do not hold; you hold { $held }
classic-problem-card-does-not-allow = names { $card }, which does not allow { $question }
classic-problem-one-action = is a second action: a turn is one question, one exchange or one final question (and an accusation)
classic-problem-two-questions = is a second question: with two_questions, the two go to two different players, one of one element and one of two
classic-problem-same-card-twice = uses { $card } again: each question needs its own Search card
classic-problem-final-alone = comes with another action: a final question is the turn's only question
classic-problem-awaiting-accusation = comes after your final question: now only "accuse …" ends your turn
classic-problem-pass-is-no-action = is not a turn's action: a turn asks a question, exchanges its Search cards ("exchange") or asks a final question; a turn with no action passes at its deadline
classic-problem-accuse-count = names the wrong number of cards: this game has { $count } missing gems, name them all
classic-problem-one-accusation = is a second accusation: one message holds at most one
classic-problem-accuse-twice = names { $card } twice: an accusation names each missing gem once
classic-problem-won = comes after you won: you answer questions but take no turns
classic-problem-out = comes after you went out of the game: you answer questions but take no turns and make no accusations
classic-problem-game-over = comes after the end of the game

# Commands shown as examples under the command box, one after another (| between them).
classic-hint-examples = ask { $name } how many Pairs|ask { $name } for Blue Opals|exchange|final ask { $name } for Blue Opals|accuse 2 Blue Opal

# The new-game form's fields of classic Sleuth.
new-classic-rules = House rules of classic Sleuth (see How to play)
new-classic-hint = Only for a game of classic Sleuth; the Polysleuth rules above are then not used. Leave a box empty for its default.
new-classic-missing-gems = Missing gems
new-classic-turn-hours = Hours per turn
new-classic-winners = Winners
new-classic-idle-turns = Turns passed in a row before a player is skipped
new-classic-supersleuth = Supersleuth (answers give the count only)
new-classic-two-questions = Two questions a turn
classic-ruleset-hint = Classic Sleuth: turns in seat order, Search cards, one missing gem.

## Errors and house rules of classic Sleuth
error-game-classic-sleuth-reminds = a game of classic Sleuth reminds the player whose turn ends soon by itself
error-not-classic = game { $game } is not a game of classic Sleuth
error-classic-pages = game { $game } is a game of classic Sleuth: its pages are under /classic/
classic-settings-player-count = classic Sleuth needs 3 to 7 players, not { $count }
classic-settings-missing-gems = missing_gems = { $gems } is allowed only with 3 or 4 players and must be 1, 2 or 3; with { $players } players use 1
classic-settings-turn-hours = turn_hours must be between 1 and 720, not { $hours }
classic-settings-winners = winners must be at least 1 and fewer than the { $players } players, not { $winners }
classic-settings-idle-turns = idle_turns must be at least 1, not { $turns }

# House rules in words, as a letter lists them.
classic-setting-name = { $key ->
    [missing_gems] Cards set aside unseen
    [turn_hours] Hours a turn lasts
    [supersleuth] Two-element questions answered with the count only
    [two_questions] Two questions a turn
    [winners] Correct accusations that end the game
    [idle_turns] Turns let pass before a player is skipped
    [assistant] The Information Sheet assistant
   *[other] { $key }
}
classic-setting-on = on
classic-setting-off = off
classic-mail-no-command =
    Your mail holds no command{ $lines ->
        [0] {""}
        [one] {" "}(only { $lines } line of other text)
       *[other] {" "}(only { $lines } lines of other text)
    }. A command reads, for example: "ask Ben how many Pairs", "I ask Ben how many Blue Opals", "I accuse 2 Blue Opal" or "exchange".

    Nothing was changed. Reply with the word help to learn how to play by mail.

# The frame's header of a player's page (view::header).
classic-now = Turn { $turn }: { $player } is playing.
classic-can-play = Your turn: ask a question your Search cards allow, or accuse.
classic-can-accuse-only = You asked your final question: only an accusation may be sent now, before the deadline.
classic-can-next = { $player } is playing; you are next. You may accuse at any time.
classic-can-after = { $player } is playing; you play after { $before }. You may accuse at any time.
classic-can-skipped = { $player } is playing; you are skipped for idleness until you send any command. You may accuse at any time.
classic-can-accuse = You may accuse at any time.
classic-can-out = You are out: you still answer questions, but take no more turns.
classic-can-won = You accused rightly and have won; the others play on, and the missing gems and the whole deal are shown when the game ends.
classic-can-over = The missing gems and the whole deal are below.
classic-refused = Your command was NOT accepted; nothing changed. Every problem:
classic-ended-by-gm = The game master ended the game.
classic-accuse-choose = — choose a card —
classic-accuse-sure = I am sure: if I am wrong, I am out of the game
classic-accuse-untick = Nothing was sent: tick the box to confirm your accusation, as a wrong one puts you out of the game.
