# The mail of forming games: sign-up confirmations, invitations, news, the game master's first mail.

forming-what-join = join "{ $game }" (game { $id }) as { $name }
forming-what-standby = stand by as { $name } for a seat in "{ $game }" (game { $id })
forming-what-standby-any = stand by as { $name } for a seat that frees in any game
forming-confirm-subject = [Polysleuth game { $id }] confirm your sign-up
forming-confirm-standby-subject = [Polysleuth] confirm your sign-up as a standby
forming-confirm-body = Someone asked to { $what } with this address.

    If it was you, confirm by replying to this mail, or by opening
      { $link }

    The link works for two days. If it was not you, ignore this mail: nothing more
    will be sent to you.
forming-invite-subject = [Polysleuth game { $id }] you are invited to play "{ $game }"
forming-invite-body = The game master of "{ $game }" (game { $id }) invites you to play Polysleuth.

    To accept, reply with the line
      accept YOUR-NAME
    (a name of letters, digits, _ or -), or open
      { $link }
    To decline, reply with the word "decline", or use the same page.

    The game and its rules: { $page }
forming-news-subject = [Polysleuth game { $id }] { $what }
forming-news-body = { $what }.

    Joined so far ({ $count } of at most { $max }): { $names }.

    The game: { $page }
forming-someone-joined = { $name } joined
forming-someone-left = { $name } left
forming-joined-subject = [Polysleuth game { $id }] you have joined "{ $game }"
forming-joined-body = You have joined "{ $game }" (game { $id }) as { $name }. When the game starts you will be
    mailed your private link and your hand.

    To leave before the start, open
      { $link }
forming-gm-subject = [Polysleuth game { $id }] your game "{ $game }" is open for sign-up
forming-gm-body = Your game "{ $game }" (game { $id }) is open for sign-up on its page:
      { $page }

    Players join there, or by mailing "join { $id } NAME" to the game master's address.
    Your game-master page (keep it to yourself) shows who has joined and starts the
    game when you wish:
      { $link }

    Each address you invited is sent an invitation, save any already invited to { $most }
    games in the last 24 hours (the most a day), which are sent none: if someone did not get
    theirs, share the game's page with them.
forming-answer-subject = [Polysleuth] your sign-up
forming-join-refused-subject = [Polysleuth] your request to join
forming-join-refused-body = Your request to join could not be taken: { $why }

    To join a game that is gathering players, mail the line
      join GAME-NUMBER YOUR-NAME
    to this address, or use the game's page.
