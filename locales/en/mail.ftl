# Mail: subjects and the short letters written without a template.

subject-tag = [Polysleuth game { $id }, round { $round }]
subject-welcome = [Polysleuth game { $id }] welcome to { $game }, { $name }
subject-gm-welcome = [Polysleuth game { $id }] you are the game master of { $game }
subject-gm-confirm = [Polysleuth game { $id }] confirm and start { $game }
subject-new-link = [Polysleuth game { $id }] your new private link
subject-turn-accepted = turn accepted
subject-turn-errors = turn has ERRORS
subject-turn-withdrawn = turn withdrawn
subject-final-bulletin = [Polysleuth game { $id }] final bulletin: the game is over
subject-bulletin = [Polysleuth game { $id }, round { $round }] bulletin
subject-help = [Polysleuth] how to play by mail
subject-status = { $tag } status of { $name }
subject-refused = { $tag } your mail was not processed
subject-reminder = { $tag } reminder: no turn from you yet
subject-prefs = { $tag } language and time zone
deadline-paused-mail = not set while the game is paused
mail-round-open-until = Round { $round } is open until { $deadline }.
mail-round-closes = round { $round } closes at { $deadline }
mail-refused =
    Your mail was not processed: { $why }

    Nothing was changed; the turn you sent before, if any, stays in force.
    Reply with the word help to learn how to play by mail.
mail-gm-confirm =
    Someone asked this service to make the game "{ $game }" (game { $id }) with this address as
    its game master. Nothing has been sent to its players yet.

    If it was you, open your game-master page and press "Start the game": each player
    then gets their private link, and round 1 begins.
      { $link }

    Keep that link to yourself. If it was not you, ignore this mail: the game never
    starts and nobody is mailed.

    Public page: { $public }
mail-prefs-saved =
    Hello { $name },

    from now on your pages and mail are in English, and your deadlines in { $zone }.
mail-prefs-bad-language = "{ $language }" is not a language of this game master: write "language en" or "language fr".
mail-prefs-bad-zone = "{ $zone }" is not a time zone: write e.g. "timezone Europe/Paris" or "timezone America/New_York".
subject-absence = [Polysleuth game { $id }] your absence
mail-observer-footer = {"\u000A"}You receive the public bulletins of this game as an observer. To stop, open{"\u000A"}  { $stop }{"\u000A"}
refused-too-big = it is { $kib } KiB; mail to the game master may be at most 1024 KiB
refused-too-many-lines = it has { $lines } command lines; at most { $max } are read
refused-nothing = it holds no turn line and no command
refused-nothing-but-text = it holds no turn line and no command ({ $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
} of other text; a turn line starts with its number, e.g. "1: Ben has 2 Red Diamond")
mail-footer-page = Your page (it is your key: keep it to yourself): { $link }
mail-footer-rules = How to play: { $link }
