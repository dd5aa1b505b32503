# Cards, counts and turn problems. The English problems match the replay contract's wording.

gem-name = { $gem ->
    [diamond] Diamond
    [pearl] Pearl
   *[opal] Opal
}
gem-plural = { $gem ->
    [diamond] Diamonds
    [pearl] Pearls
   *[opal] Opals
}
colour-name = { $colour ->
    [red] Red
    [green] Green
    [blue] Blue
   *[yellow] Yellow
}
number-name = { $number ->
    [1] One
    [2] Two
   *[3] Three
}
number-plural = { $number ->
    [1] Ones
    [2] Twos
   *[3] Threes
}
card-name = { $number } { colour-name } { gem-name }
count-gem = { $count } { $count ->
    [one] { gem-name }
   *[other] { gem-plural }
}
count-colour = { $count } { $count ->
    [one] { colour-name }
   *[other] { colour-name }s
}
count-number = { $count } { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
count-colour-gem = { $count } { colour-name } { $count ->
    [one] { gem-name }
   *[other] { gem-plural }
}
count-number-colour = { $count } { colour-name } { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
count-number-gem = { $count } { gem-name } { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
the-safe = the safe
list-and = {" and "}
time-unknown = an unknown time
duration-hours = { $hours } { $hours ->
    [one] hour
   *[other] hours
}
duration-minutes = { $minutes } minutes
duration-hours-decimal = { $hours } { $count ->
    [one] hour
   *[other] hours
}

kind-numbers = numbers
kind-colours = colours
kind-gems = gems
card-unknown-word = "{ $word }" is not a number, colour or gem
card-two-of-a-kind = a card has only one of the { $kind }
card-lacks = the card lacks { $missing }
card-lacks-number = a number
card-lacks-colour = a colour
card-lacks-gem = a gem

line-error = line { $line }: "{ $text }" { $problem }
line-error-bare = line { $line }: { $problem }
line-error-quoted = "{ $text }" { $problem }
problem-turn-too-big = the turn is { $kib } KiB; a turn may have at most { $max_kib } KiB and { $max_lines } lines
problem-too-many-lines = the turn has { $lines } lines; a turn may have at most { $max }
problem-more = and { $more } more problem(s), not listed: fix these first
problem-game-over = the game is over; no more turns are taken
problem-not-understood = is not understood; expected a guess such as "1: Bob has 2 Red Diamond" or "2: 3 Blue Opal is in the safe", a question such as "1 (5): Bob has how many Reds?", or the word "ready" or "done"
problem-guess-with-bid = is a guess with a bid; only questions take Private Eyes in brackets, e.g. "1: Bob has 2 Red Diamond"
problem-no-bid = has no bid; put the Private Eyes you offer in brackets before the colon, e.g. "1 (5): Bob has how many Reds?"
problem-bad-bid = bids "{ $bid }"; a bid is a whole number of Private Eyes, 0 or more, e.g. "1 (5): Bob has how many Reds?"
problem-reused-guess = reuses guess number { $number }; each guess in a turn needs its own number
problem-reused-question = reuses question number { $number }; each question in a turn needs its own number
problem-no-player-guessed = names no player before "has"; write e.g. "1: Bob has 2 Red Diamond"
problem-not-a-card = does not name a card: { $why }; a card is a number, a colour and a gem, e.g. "2 Red Diamond"
problem-no-player-asked = names no player before "has how many"; write e.g. "1 (5): Bob has how many Reds?"
problem-not-a-trait = asks about "{ $word }", which is not a trait; the traits are Diamond, Pearl, Opal, Red, Green, Blue, Yellow, 1, 2 and 3
problem-two-of-a-kind = asks about two { $kind }; a question may combine at most one gem, one colour and one number
problem-no-trait = asks about no trait; name one or two, e.g. "Bob has how many Red Diamonds?"
problem-too-many-traits = asks about { $count } traits; a question names one or two traits, e.g. "Bob has how many Red Diamonds?"
problem-guess-while-done = is a guess, but you are done and may not guess any more
problem-safe-is-empty = names the safe, but this game's safe is empty; name the player you think holds the card
problem-guess-own-hand = names your own hand; guess where other players' cards are
problem-not-a-player = names "{ $name }", who is not a player; the players are { $players }
problem-card-in-hand = guesses { $card }, which is in your own hand
problem-card-published = guesses { $card }, which was published as held by { $owner }: no points are left on it
problem-guessed-before = guesses { $card }, which you guessed in an earlier round; each card may be guessed only once
problem-guessed-twice = guesses { $card } again (line { $line } already does); each card may be guessed only once
problem-ask-own-hand = asks about your own hand; ask about another player
problem-ask-safe = asks about the safe; questions can only be put to players
problem-ask-not-a-player = asks "{ $name }", who is not a player; the players are { $players }
problem-over-budget = brings your bids to { $bids } Private Eyes, but you had { $eyes } when the round opened; lower your bids

# The same without the count, for question lines and choices (chosen as for 2).
plural-gem = { $count ->
    [one] { gem-name }
   *[other] { gem-plural }
}
plural-colour = { $count ->
    [one] { colour-name }
   *[other] { colour-name }s
}
plural-number = { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
plural-colour-gem = { colour-name } { $count ->
    [one] { gem-name }
   *[other] { gem-plural }
}
plural-number-colour = { colour-name } { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
plural-number-gem = { gem-name } { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
traits-of = { $words }
mail-own-guess = { $number }: { $place } has { $card } - { $right ->
    [yes] right
   *[no] wrong
}
mail-own-reveal = Revealed to you: { $target } has { $traits }: { $cards }

# Why a cell of the Information Sheet is certain.
reason-place = { $kind ->
    [me] you
    [safe] the safe
   *[other] { $place }
}
reason-no-deal = { $here ->
    [yes] { $card } can only be with { reason-place }: no deal that fits everything you know puts it anywhere else
   *[no] { $card } cannot be with { reason-place }: no deal that fits everything you know puts it there
}
reason-fact = { $kind ->
    [me] { $here ->
        [yes] you hold
       *[no] you do not hold
    }
    [safe] { $here ->
        [yes] the safe holds
       *[no] the safe does not hold
    }
   *[other] { $here ->
        [yes] { $place } holds
       *[no] { $place } does not hold
    }
} { $card }: { $fact }
fact-size-mine = your hand is all you hold ({ $size } cards)
fact-size = { $place } holds { $size } cards
fact-own-hand = your hand
fact-answer = { $place } has { $count } (round { $round })
fact-published = published in round { $round }
fact-guess = your guess { $number } in round { $round } was { $right ->
    [yes] right
   *[no] wrong
}
fact-reveal = { $place }'s { $traits } were revealed to you in round { $round }
